import { useState } from 'react';
import { UnstyledButton } from '@mantine/core';
import { IconCamera, IconUser } from '@tabler/icons-react';
import { personPhotoContracts } from '@assoc/domain';
import { apiUrl } from '../../app/client';
import { PhotoCropModal } from './PhotoCropModal';
import classes from './MemberPhoto.module.css';

/** Spec 1 §9: the thumbnail is 160x212 (3:4 portrait). */
const RATIO = 212 / 160;

interface MemberPhotoProps {
  /** The person's name (the image's text). */
  name: string;
  /** The stored photo's key (custPhotoKey). */
  photoKey?: string | null;
  /** A new photo cropped but not saved yet (custPhoto, a data URL): shown instead of the stored one. */
  photo?: string | null;
  /** Whether clicking opens the 'Foto' crop modal. */
  editable?: boolean;
  /** The new photo, a 400x400 PNG data URL, for the member form's custPhoto. */
  onChange?: (dataUrl: string) => void;
  /** Width in pixels (the height keeps the thumbnail's 3:4). */
  width?: number;
}

/**
 * The member's photo (spec 1 §2): the new photo when one was cropped, else the stored thumbnail
 * (thumbs/2/{key}), else a placeholder; when editable, a button that opens the 'Foto' crop modal.
 */
export function MemberPhoto({ name, photoKey, photo, editable = false, onChange, width = 120 }: MemberPhotoProps) {
  const [opened, setOpened] = useState(false);
  const [broken, setBroken] = useState<string | null>(null);
  const src = photo || (photoKey ? apiUrl(personPhotoContracts.thumbnail, { params: { size: 2, key: photoKey } }) : null);
  const shown = src && src !== broken ? src : null;
  const size = { width, height: Math.round(width * RATIO) };

  const picture = (
    <span className={classes.photo} style={size}>
      {shown ? (
        <img src={shown} alt={`Foto de ${name}`} onError={() => setBroken(shown)} />
      ) : (
        <span className={classes.placeholder} role="img" aria-label={`${name || 'Pessoa'} sem foto`}>
          <IconUser size={width / 2} stroke={1.2} />
        </span>
      )}
      {editable ? (
        <span className={classes.edit} aria-hidden>
          <IconCamera size={16} />
        </span>
      ) : null}
    </span>
  );

  if (!editable) return picture;
  return (
    <>
      <UnstyledButton className={classes.button} onClick={() => setOpened(true)} aria-label={shown ? 'Alterar foto' : 'Incluir foto'} title="Foto">
        {picture}
      </UnstyledButton>
      <PhotoCropModal opened={opened} onClose={() => setOpened(false)} onSave={(dataUrl) => onChange?.(dataUrl)} />
    </>
  );
}
