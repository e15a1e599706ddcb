import { useCallback, useEffect, useRef, useState } from 'react';
import { WEBCAM_CONSTRAINTS } from './crop';

export const webcamMessages = {
  unsupported: 'Este navegador não oferece acesso à câmera (é preciso um endereço https).',
  denied: 'O acesso à câmera foi negado. Permita o uso da câmera no navegador para capturar a foto.',
  notFound: 'Nenhuma câmera foi encontrada neste computador.',
  busy: 'A câmera está em uso por outro programa.',
  failed: 'Não foi possível abrir a câmera.',
};

/** A pt-BR message for a getUserMedia failure. */
export function webcamErrorMessage(error: unknown): string {
  const name = (error as { name?: string } | null)?.name;
  if (name === 'NotAllowedError' || name === 'SecurityError') return webcamMessages.denied;
  if (name === 'NotFoundError' || name === 'OverconstrainedError' || name === 'DevicesNotFoundError') return webcamMessages.notFound;
  if (name === 'NotReadableError' || name === 'TrackStartError') return webcamMessages.busy;
  return webcamMessages.failed;
}

const supported = () => typeof navigator !== 'undefined' && typeof navigator.mediaDevices?.getUserMedia === 'function';

/**
 * The webcam while the calling component is mounted (spec 1 §2: rear camera preferred, 1280x720): the stream
 * is attached to the video element and every track stopped on unmount. `capture()` answers the current frame
 * as a PNG data URL.
 */
export function useWebcam() {
  const videoRef = useRef<HTMLVideoElement | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [ready, setReady] = useState(false);

  useEffect(() => {
    if (!supported()) return;
    let stream: MediaStream | null = null;
    let cancelled = false;
    const video = videoRef.current;
    navigator.mediaDevices.getUserMedia(WEBCAM_CONSTRAINTS).then(
      (s) => {
        if (cancelled) {
          s.getTracks().forEach((t) => t.stop());
          return;
        }
        stream = s;
        if (video) {
          video.srcObject = s;
          void video.play?.()?.catch(() => {});
        }
        setReady(true);
      },
      (err: unknown) => {
        if (!cancelled) setFailure(webcamErrorMessage(err));
      },
    );
    return () => {
      cancelled = true;
      stream?.getTracks().forEach((t) => t.stop());
      if (video) video.srcObject = null;
    };
  }, []);

  const capture = useCallback((): string | null => {
    const video = videoRef.current;
    if (!video) return null;
    const canvas = document.createElement('canvas');
    canvas.width = video.videoWidth || 1280;
    canvas.height = video.videoHeight || 720;
    const ctx = canvas.getContext('2d');
    if (!ctx) return null;
    ctx.drawImage(video, 0, 0, canvas.width, canvas.height);
    return canvas.toDataURL('image/png');
  }, []);

  return { videoRef, error: supported() ? failure : webcamMessages.unsupported, ready, capture };
}
