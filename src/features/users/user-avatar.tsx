import { Icon } from '@blueprintjs/core';
import { useT } from '../../i18n/use-t';

export interface UserAvatarProps {
  /** The photo's address; without one a person icon stands in. */
  url: string | null;
  name: string;
  /** @default 28 */
  size?: number;
}

/** A user's photo, round, or a person icon when there is none. */
export function UserAvatar({ url, name, size = 28 }: UserAvatarProps) {
  const t = useT();
  const frame = { width: size, height: size, borderRadius: '50%', flex: 'none' } as const;
  if (!url) {
    return (
      <span data-testid="user-avatar-empty" style={{ ...frame, display: 'inline-flex', alignItems: 'center', justifyContent: 'center' }}>
        <Icon icon="person" size={Math.round(size * 0.6)} aria-hidden />
      </span>
    );
  }
  return <img data-testid="user-avatar" src={url} alt={t('user.avatar.alt', { name })} style={{ ...frame, objectFit: 'cover' }} />;
}
