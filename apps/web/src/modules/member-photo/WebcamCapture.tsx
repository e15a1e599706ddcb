import { Alert, Button, Stack, Text } from '@mantine/core';
import { IconCamera } from '@tabler/icons-react';
import { useWebcam } from './useWebcam';
import classes from './MemberPhoto.module.css';

export const webcamTexts = {
  capture: 'Capturar',
  starting: 'Abrindo a câmera...',
  preview: 'Imagem da câmera',
};

/** The live webcam and its 'Capturar' button; the camera is on while this is shown. */
export function WebcamCapture({ onCapture }: { onCapture: (dataUrl: string) => void }) {
  const { videoRef, error, ready, capture } = useWebcam();
  if (error) {
    return (
      <Alert color="red" role="alert">
        {error}
      </Alert>
    );
  }
  return (
    <Stack gap="xs">
      <video ref={videoRef} className={classes.video} autoPlay playsInline muted aria-label={webcamTexts.preview} />
      {!ready ? <Text size="sm">{webcamTexts.starting}</Text> : null}
      <Button
        onClick={() => {
          const dataUrl = capture();
          if (dataUrl) onCapture(dataUrl);
        }}
        disabled={!ready}
        leftSection={<IconCamera size={16} />}
      >
        {webcamTexts.capture}
      </Button>
    </Stack>
  );
}
