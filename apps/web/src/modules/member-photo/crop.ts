/** Spec 1 §2 and §9: the crop's output is 400x400; the zoom slider goes from 1 to 3 in steps of 0.01. */
export const CROP_SIZE = 400;
export const ZOOM_MIN = 1;
export const ZOOM_MAX = 3;
export const ZOOM_STEP = 0.01;

/** Spec 1 §2: the webcam capture asks for 1280x720, the rear camera preferred. */
export const WEBCAM_CONSTRAINTS: MediaStreamConstraints = {
  video: { facingMode: { ideal: 'environment' }, width: { ideal: 1280 }, height: { ideal: 720 } },
  audio: false,
};

export interface CropView {
  zoom: number;
  /** Offset of the image's centre from the frame's centre, in output pixels. */
  x: number;
  y: number;
}

export const initialView: CropView = { zoom: ZOOM_MIN, x: 0, y: 0 };

/** A decoded picture ready to draw, with its natural size. */
export interface LoadedImage {
  source: CanvasImageSource;
  width: number;
  height: number;
}

export const clampZoom = (zoom: number) => Math.min(ZOOM_MAX, Math.max(ZOOM_MIN, Number.isFinite(zoom) ? zoom : ZOOM_MIN));

/**
 * Where the image lands in the square frame: at zoom 1 it covers the frame exactly (the shorter side fills it),
 * and the offset is clamped so the image always covers the whole frame (no empty border in the photo).
 */
export function placement(image: { width: number; height: number }, view: CropView, size = CROP_SIZE) {
  const zoom = clampZoom(view.zoom);
  const scale = Math.max(size / image.width, size / image.height) * zoom;
  const width = image.width * scale;
  const height = image.height * scale;
  const maxX = (width - size) / 2;
  const maxY = (height - size) / 2;
  // `|| 0`: no -0 from the clamp.
  const x = Math.min(maxX, Math.max(-maxX, view.x)) || 0;
  const y = Math.min(maxY, Math.max(-maxY, view.y)) || 0;
  return { left: (size - width) / 2 + x, top: (size - height) / 2 + y, width, height, view: { zoom, x, y } };
}

/** The view after a drag of (dx, dy) output pixels, kept inside the image. */
export function dragged(image: { width: number; height: number }, view: CropView, dx: number, dy: number): CropView {
  return placement(image, { ...view, x: view.x + dx, y: view.y + dy }).view;
}

/** The view at another zoom, its offset clamped again. */
export function zoomed(image: { width: number; height: number }, view: CropView, zoom: number): CropView {
  return placement(image, { ...view, zoom }).view;
}

/** Draws the image into a context of the frame's size as the view places it. */
export function drawCrop(ctx: CanvasRenderingContext2D, image: LoadedImage, view: CropView, size = CROP_SIZE) {
  const p = placement(image, view, size);
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, size, size);
  ctx.imageSmoothingQuality = 'high';
  ctx.drawImage(image.source, p.left, p.top, p.width, p.height);
}

/** The cropped 400x400 photo as a PNG data URL (what the member save sends as custPhoto). */
export function cropToDataUrl(image: LoadedImage, view: CropView, size = CROP_SIZE): string {
  const canvas = document.createElement('canvas');
  canvas.width = size;
  canvas.height = size;
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('canvas 2d indisponível');
  drawCrop(ctx, image, view, size);
  return canvas.toDataURL('image/png');
}

/** Decodes a picture from a URL (an object URL of a chosen file, a webcam capture's data URL). */
export function loadImage(url: string): Promise<LoadedImage> {
  return new Promise((resolve, reject) => {
    const img = new Image();
    img.onload = () => resolve({ source: img, width: img.naturalWidth || img.width, height: img.naturalHeight || img.height });
    img.onerror = () => reject(new Error('imagem ilegível'));
    img.src = url;
  });
}

/** The types a chosen file may have (the server checks the content again). */
export const ACCEPTED_TYPES = ['image/png', 'image/jpeg', 'image/webp'];
