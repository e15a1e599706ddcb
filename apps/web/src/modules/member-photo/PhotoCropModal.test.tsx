import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderWithProviders } from '../../test/renderWithProviders';
import { MemberPhoto } from './MemberPhoto';
import { PhotoCropModal, cropTexts } from './PhotoCropModal';
import { webcamMessages } from './useWebcam';
import { webcamTexts } from './WebcamCapture';

/** happy-dom neither decodes images nor draws: a decoded 800x600 picture and a recording 2D context. */
class FakeImage {
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  naturalWidth = 800;
  naturalHeight = 600;
  width = 800;
  height = 600;
  set src(_url: string) {
    setTimeout(() => this.onload?.(), 0);
  }
}

let canvases: { width: number; height: number; draws: unknown[][] }[];
beforeEach(() => {
  canvases = [];
  vi.stubGlobal('Image', FakeImage);
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation(function (this: HTMLCanvasElement) {
    const record = { width: this.width, height: this.height, draws: [] as unknown[][] };
    canvases.push(record);
    return {
      fillRect: () => {},
      drawImage: (...args: unknown[]) => record.draws.push(args),
      set fillStyle(_v: string) {},
      set imageSmoothingQuality(_v: string) {},
    } as unknown as CanvasRenderingContext2D;
  } as never);
  vi.spyOn(HTMLCanvasElement.prototype, 'toDataURL').mockImplementation(function (this: HTMLCanvasElement, type?: string) {
    return `data:${type};base64,${this.width}x${this.height}`;
  });
  vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:photo');
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
});
afterEach(() => {
  Object.defineProperty(navigator, 'mediaDevices', { value: undefined, configurable: true });
});

const pngFile = () => new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'eu.png', { type: 'image/png' });

async function chooseFile(file: File) {
  const input = document.querySelector<HTMLInputElement>('input[type=file]')!;
  expect(input.accept).toBe('image/png,image/jpeg,image/webp');
  fireEvent.change(input, { target: { files: [file] } });
}

describe("'Foto' crop modal", () => {
  it('has the spec title and buttons; Crop and Save waits for a picture', async () => {
    renderWithProviders(<PhotoCropModal opened onClose={() => {}} onSave={() => {}} />);
    const dialog = await screen.findByRole('dialog', { name: 'Foto' });
    expect(within(dialog).getByRole('button', { name: 'Close' })).toBeEnabled();
    expect(within(dialog).getByRole('button', { name: 'Crop and Save' })).toBeDisabled();
    expect(within(dialog).getByRole('button', { name: cropTexts.chooseFile })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: cropTexts.useCamera })).toBeInTheDocument();
  });

  it('crops a chosen file to a 400x400 PNG data URL; the zoom goes from 1 to 3 in steps of 0.01', async () => {
    const onSave = vi.fn();
    const onClose = vi.fn();
    renderWithProviders(<PhotoCropModal opened onClose={onClose} onSave={onSave} />);
    await screen.findByRole('dialog', { name: 'Foto' });
    await chooseFile(pngFile());
    const slider = await screen.findByRole('slider', { name: cropTexts.zoom });
    expect(slider).toHaveAttribute('aria-valuemin', '1');
    expect(slider).toHaveAttribute('aria-valuemax', '3');
    expect(slider).toHaveAttribute('aria-valuenow', '1');
    fireEvent.keyDown(slider, { key: 'ArrowRight' });
    expect(slider).toHaveAttribute('aria-valuenow', '1.01');
    fireEvent.keyDown(slider, { key: 'End' });
    expect(slider).toHaveAttribute('aria-valuenow', '3');
    fireEvent.keyDown(slider, { key: 'ArrowRight' });
    expect(slider).toHaveAttribute('aria-valuenow', '3');
    fireEvent.keyDown(slider, { key: 'Home' });
    fireEvent.keyDown(slider, { key: 'ArrowLeft' });
    expect(slider).toHaveAttribute('aria-valuenow', '1');

    // The preview is drawn: at zoom 1 the 800x600 picture covers the 400x400 frame.
    await waitFor(() => expect(canvases.some((c) => c.draws.length > 0)).toBe(true));
    const preview = canvases.find((c) => c.draws.length > 0)!;
    const [, , , width, height] = preview.draws.at(-1) as number[];
    expect(width).toBeCloseTo((400 * 800) / 600, 6);
    expect(height).toBe(400);

    fireEvent.click(screen.getByRole('button', { name: 'Crop and Save' }));
    expect(onSave).toHaveBeenCalledWith('data:image/png;base64,400x400');
    expect(onClose).toHaveBeenCalled();
  });

  it('refuses a file that is not a PNG, JPEG or WebP image', async () => {
    renderWithProviders(<PhotoCropModal opened onClose={() => {}} onSave={() => {}} />);
    await screen.findByRole('dialog', { name: 'Foto' });
    await chooseFile(new File(['%PDF'], 'doc.pdf', { type: 'application/pdf' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(cropTexts.notImage);
    expect(screen.getByRole('button', { name: 'Crop and Save' })).toBeDisabled();
  });

  it('captures from the webcam (rear camera preferred, 1280x720, PNG) and stops it', async () => {
    const stop = vi.fn();
    // A real MediaStream for happy-dom's srcObject check, with a track to stop.
    const stream = Object.assign(Object.create(MediaStream.prototype) as MediaStream, { getTracks: () => [{ stop }] });
    const getUserMedia = vi.fn(async () => stream);
    Object.defineProperty(navigator, 'mediaDevices', { value: { getUserMedia }, configurable: true });
    vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
    const onSave = vi.fn();
    renderWithProviders(<PhotoCropModal opened onClose={() => {}} onSave={onSave} />);
    await screen.findByRole('dialog', { name: 'Foto' });
    fireEvent.click(screen.getByRole('button', { name: cropTexts.useCamera }));
    expect(getUserMedia).toHaveBeenCalledWith({
      video: { facingMode: { ideal: 'environment' }, width: { ideal: 1280 }, height: { ideal: 720 } },
      audio: false,
    });
    const capture = screen.getByRole('button', { name: webcamTexts.capture });
    await waitFor(() => expect(capture).toBeEnabled());
    fireEvent.click(capture);
    // The frame is grabbed at the camera's size (1280x720 asked) as a PNG, then cropped like a file.
    await waitFor(() => expect(canvases.some((c) => c.width === 1280 && c.height === 720)).toBe(true));
    expect(stop).toHaveBeenCalled();
    await screen.findByRole('slider', { name: cropTexts.zoom });
    fireEvent.click(screen.getByRole('button', { name: 'Crop and Save' }));
    expect(onSave).toHaveBeenCalledWith('data:image/png;base64,400x400');
  });

  it('says so in pt-BR when the camera is refused or missing', async () => {
    for (const [error, message] of [
      [new DOMException('no', 'NotAllowedError'), webcamMessages.denied],
      [new DOMException('none', 'NotFoundError'), webcamMessages.notFound],
    ] as const) {
      Object.defineProperty(navigator, 'mediaDevices', { value: { getUserMedia: vi.fn().mockRejectedValue(error) }, configurable: true });
      const view = renderWithProviders(<PhotoCropModal opened onClose={() => {}} onSave={() => {}} />);
      await screen.findByRole('dialog', { name: 'Foto' });
      fireEvent.click(screen.getByRole('button', { name: cropTexts.useCamera }));
      expect(await screen.findByRole('alert')).toHaveTextContent(message);
      view.unmount();
    }
    Object.defineProperty(navigator, 'mediaDevices', { value: undefined, configurable: true });
    renderWithProviders(<PhotoCropModal opened onClose={() => {}} onSave={() => {}} />);
    await screen.findByRole('dialog', { name: 'Foto' });
    fireEvent.click(screen.getByRole('button', { name: cropTexts.useCamera }));
    expect(await screen.findByRole('alert')).toHaveTextContent(webcamMessages.unsupported);
  });
});

describe('member photo', () => {
  it('shows the stored thumbnail, a placeholder without one, and the new crop once saved', async () => {
    const { rerender } = renderWithProviders(<MemberPhoto name="Ana Souza" photoKey="abc-123" />);
    expect(screen.getByRole('img', { name: 'Foto de Ana Souza' })).toHaveAttribute('src', '/api/v1/thumbs/2/abc-123');
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
    rerender(<MemberPhoto name="Ana Souza" photoKey={null} />);
    expect(screen.getByRole('img', { name: 'Ana Souza sem foto' })).toBeInTheDocument();
  });

  it('opens the crop modal when editable and hands the cropped data URL over', async () => {
    const onChange = vi.fn();
    renderWithProviders(<MemberPhoto name="Ana Souza" photoKey={null} editable onChange={onChange} />);
    fireEvent.click(screen.getByRole('button', { name: 'Incluir foto' }));
    await screen.findByRole('dialog', { name: 'Foto' });
    await chooseFile(pngFile());
    await screen.findByRole('slider', { name: cropTexts.zoom });
    fireEvent.click(screen.getByRole('button', { name: 'Crop and Save' }));
    expect(onChange).toHaveBeenCalledWith('data:image/png;base64,400x400');
  });
});
