import { Avatar, type AvatarProps } from '@mantine/core';
import { personPhotoContracts } from '@assoc/domain';
import { apiUrl } from '../../../app/client';

interface PersonAvatarProps extends Omit<AvatarProps, 'src' | 'name'> {
  name: string;
  /** Photo key; without one the avatar shows the person's initials. */
  photoKey?: string | null;
}

/** A person's photo thumbnail (thumbs/2/{key}, spec 3 §2.3) or their initials. */
export function PersonAvatar({ name, photoKey, size = 40, ...props }: PersonAvatarProps) {
  return (
    <Avatar
      {...props}
      size={size}
      name={name}
      color="initials"
      src={photoKey ? apiUrl(personPhotoContracts.thumbnail, { params: { size: 2, key: photoKey } }) : null}
      alt={name}
    />
  );
}
