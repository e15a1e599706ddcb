import { describe, expect, it } from 'vitest';
import { CROP_SIZE, WEBCAM_CONSTRAINTS, ZOOM_MAX, ZOOM_MIN, ZOOM_STEP, clampZoom, dragged, placement, zoomed } from './crop';

const landscape = { source: null as never, width: 800, height: 600 };

describe('crop geometry (spec 1 §9: 400x400, zoom 1 to 3 step 0.01)', () => {
  it('has the spec figures', () => {
    expect([CROP_SIZE, ZOOM_MIN, ZOOM_MAX, ZOOM_STEP]).toEqual([400, 1, 3, 0.01]);
    expect(WEBCAM_CONSTRAINTS.video).toEqual({ facingMode: { ideal: 'environment' }, width: { ideal: 1280 }, height: { ideal: 720 } });
  });

  it('covers the frame at zoom 1 (the shorter side fills it), centred', () => {
    const p = placement(landscape, { zoom: 1, x: 0, y: 0 });
    expect(p).toMatchObject({ width: 400 * (800 / 600), height: 400, top: 0 });
    expect(p.left).toBeCloseTo(-66.67, 1);
  });

  it('keeps the zoom between 1 and 3', () => {
    expect([clampZoom(0.5), clampZoom(1.234), clampZoom(7), clampZoom(Number.NaN)]).toEqual([1, 1.234, 3, 1]);
    expect(placement(landscape, { zoom: 5, x: 0, y: 0 }).height).toBe(1200);
  });

  it('keeps the image over the whole frame when dragged or zoomed out', () => {
    // At zoom 1 the landscape image can only move sideways, by at most its overflow.
    const right = dragged(landscape, { zoom: 1, x: 0, y: 0 }, 1000, 50);
    expect(right.x).toBeCloseTo((400 * (800 / 600 - 1)) / 2, 6);
    expect([right.zoom, right.y]).toEqual([1, 0]);
    const far = dragged(landscape, { zoom: 3, x: 0, y: 0 }, -1000, -1000);
    expect(far).toEqual({ zoom: 3, x: -(1600 - 400) / 2, y: -(1200 - 400) / 2 });
    // Zooming back to 1 pulls the offset in again.
    const back = zoomed(landscape, far, 1);
    expect(back.x).toBeCloseTo((-400 * (800 / 600 - 1)) / 2, 6);
    expect([back.zoom, back.y]).toEqual([1, 0]);
  });
});
