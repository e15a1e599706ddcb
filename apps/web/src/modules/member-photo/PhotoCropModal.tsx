import { useEffect, useRef, useState, type KeyboardEvent, type PointerEvent, type WheelEvent } from 'react';
import { Alert, Box, Button, FileButton, Group, Modal, Slider, Stack, Text } from '@mantine/core';
import { IconCamera, IconUpload } from '@tabler/icons-react';
import {
  ACCEPTED_TYPES,
  CROP_SIZE,
  ZOOM_MAX,
  ZOOM_MIN,
  ZOOM_STEP,
  cropToDataUrl,
  drawCrop,
  dragged,
  initialView,
  loadImage,
  zoomed,
  type CropView,
  type LoadedImage,
} from './crop';
import { WebcamCapture } from './WebcamCapture';
import classes from './MemberPhoto.module.css';

export const cropTexts = {
  title: 'Foto',
  // Spec 1 §2 spells the buttons in English: kept as written.
  close: 'Close',
  save: 'Crop and Save',
  chooseFile: 'Escolher arquivo',
  useCamera: 'Usar câmera',
  zoom: 'Zoom da foto',
  cropArea: 'Área de recorte: arraste a imagem ou use as setas para posicioná-la',
  hint: 'Escolha uma imagem do computador ou capture pela câmera.',
  notImage: 'Escolha uma imagem PNG, JPEG ou WebP.',
  unreadable: 'Não foi possível ler a imagem escolhida.',
};

interface PhotoCropModalProps {
  opened: boolean;
  onClose: () => void;
  /** The cropped 400x400 photo as a PNG data URL. */
  onSave: (dataUrl: string) => void;
}

/**
 * The 'Foto' crop modal (spec 1 §2 and §9): a picture from a file or the webcam, positioned by dragging and
 * zoomed from 1 to 3 (step 0.01), cropped to a 400x400 PNG data URL. Its content is mounted only while open,
 * so every opening starts empty and the camera is off once closed.
 */
export function PhotoCropModal({ opened, onClose, onSave }: PhotoCropModalProps) {
  return (
    <Modal opened={opened} onClose={onClose} title={cropTexts.title} size={CROP_SIZE + 64} closeButtonProps={{ 'aria-label': 'Fechar' }}>
      {opened ? <CropBody onClose={onClose} onSave={onSave} /> : null}
    </Modal>
  );
}

function CropBody({ onClose, onSave }: Omit<PhotoCropModalProps, 'opened'>) {
  const [image, setImage] = useState<LoadedImage | null>(null);
  const [view, setView] = useState<CropView>(initialView);
  const [camera, setCamera] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const canvasRef = useRef<HTMLCanvasElement | null>(null);
  const drag = useRef<{ x: number; y: number } | null>(null);
  const objectUrl = useRef<string | null>(null);

  const releaseUrl = () => {
    if (objectUrl.current) URL.revokeObjectURL(objectUrl.current);
    objectUrl.current = null;
  };
  // The chosen file's URL is released when done.
  useEffect(() => releaseUrl, []);

  useEffect(() => {
    const ctx = image ? canvasRef.current?.getContext('2d') : null;
    if (image && ctx) drawCrop(ctx, image, view);
  }, [image, view]);

  const show = async (url: string) => {
    try {
      const loaded = await loadImage(url);
      setImage(loaded);
      setView(initialView);
      setError(null);
    } catch {
      setError(cropTexts.unreadable);
    }
  };

  const chooseFile = async (file: File | null) => {
    if (!file) return;
    if (!ACCEPTED_TYPES.includes(file.type)) {
      setError(cropTexts.notImage);
      return;
    }
    setCamera(false);
    releaseUrl();
    objectUrl.current = URL.createObjectURL(file);
    await show(objectUrl.current);
  };

  const captured = async (dataUrl: string) => {
    setCamera(false);
    await show(dataUrl);
  };

  /** Screen pixels to output pixels (the canvas may be drawn smaller than 400 px). */
  const ratio = () => CROP_SIZE / (canvasRef.current?.clientWidth || CROP_SIZE);
  const onPointerDown = (event: PointerEvent<HTMLCanvasElement>) => {
    if (!image) return;
    event.currentTarget.setPointerCapture?.(event.pointerId);
    drag.current = { x: event.clientX, y: event.clientY };
  };
  const onPointerMove = (event: PointerEvent<HTMLCanvasElement>) => {
    if (!image || !drag.current) return;
    const r = ratio();
    const dx = (event.clientX - drag.current.x) * r;
    const dy = (event.clientY - drag.current.y) * r;
    drag.current = { x: event.clientX, y: event.clientY };
    setView((v) => dragged(image, v, dx, dy));
  };
  const endDrag = () => {
    drag.current = null;
  };
  const onKeyDown = (event: KeyboardEvent<HTMLCanvasElement>) => {
    if (!image) return;
    const step = event.shiftKey ? 40 : 10;
    const moves: Record<string, [number, number]> = { ArrowLeft: [-step, 0], ArrowRight: [step, 0], ArrowUp: [0, -step], ArrowDown: [0, step] };
    const move = moves[event.key];
    if (!move) return;
    event.preventDefault();
    setView((v) => dragged(image, v, move[0], move[1]));
  };
  const onWheel = (event: WheelEvent<HTMLCanvasElement>) => {
    if (!image) return;
    setView((v) => zoomed(image, v, Math.round((v.zoom - Math.sign(event.deltaY) * 0.05) * 100) / 100));
  };

  const save = () => {
    if (!image) return;
    onSave(cropToDataUrl(image, view));
    onClose();
  };

  return (
    <Stack gap="sm">
      <Group gap="xs">
        <FileButton onChange={(file) => void chooseFile(file)} accept={ACCEPTED_TYPES.join(',')}>
          {(props) => (
            <Button {...props} variant="default" size="xs" leftSection={<IconUpload size={16} />}>
              {cropTexts.chooseFile}
            </Button>
          )}
        </FileButton>
        <Button
          variant={camera ? 'filled' : 'default'}
          size="xs"
          leftSection={<IconCamera size={16} />}
          onClick={() => {
            setError(null);
            setCamera(true);
          }}
        >
          {cropTexts.useCamera}
        </Button>
      </Group>

      {error ? (
        <Alert color="red" role="alert">
          {error}
        </Alert>
      ) : null}

      {camera ? (
        <WebcamCapture onCapture={(dataUrl) => void captured(dataUrl)} />
      ) : image ? (
        <Stack gap="xs">
          <Box className={classes.frame}>
            <canvas
              ref={canvasRef}
              width={CROP_SIZE}
              height={CROP_SIZE}
              className={classes.canvas}
              tabIndex={0}
              role="img"
              aria-label={cropTexts.cropArea}
              onPointerDown={onPointerDown}
              onPointerMove={onPointerMove}
              onPointerUp={endDrag}
              onPointerCancel={endDrag}
              onKeyDown={onKeyDown}
              onWheel={onWheel}
            />
          </Box>
          <Text size="sm" id="photo-zoom-label">
            Zoom
          </Text>
          <Slider
            aria-labelledby="photo-zoom-label"
            thumbLabel={cropTexts.zoom}
            min={ZOOM_MIN}
            max={ZOOM_MAX}
            step={ZOOM_STEP}
            precision={2}
            value={view.zoom}
            onChange={(zoom) => setView((v) => zoomed(image, v, zoom))}
            label={(value) => `${value.toFixed(2)}x`}
          />
        </Stack>
      ) : (
        <Text size="sm" c="dimmed">
          {cropTexts.hint}
        </Text>
      )}

      <Group justify="flex-end" gap="xs">
        <Button variant="default" onClick={onClose}>
          {cropTexts.close}
        </Button>
        <Button onClick={save} disabled={!image}>
          {cropTexts.save}
        </Button>
      </Group>
    </Stack>
  );
}
