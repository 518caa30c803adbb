import { Button, FileInput } from '@blueprintjs/core';
import { useEffect, useMemo } from 'react';
import { AVATAR_MAX_BYTES } from '../../api/contracts/user.contract';
import { useFieldId } from '../../ui/forms/field-ids';
import { FieldShell } from '../../ui/forms/field-shell';
import { useT } from '../../i18n/use-t';
import { UserAvatar } from './user-avatar';

/** What the file chooser offers; the server decides by the file's first bytes, not by this. */
const ACCEPT = 'image/png,image/jpeg,image/webp';
const TYPES = new Set(ACCEPT.split(','));

/** The check made before sending, so a wrong file is named at once (the server checks again). */
export function avatarProblem(file: File): 'validation.avatar_type' | 'validation.avatar_too_large' | null {
  if (!TYPES.has(file.type)) return 'validation.avatar_type';
  if (file.size > AVATAR_MAX_BYTES) return 'validation.avatar_too_large';
  return null;
}

export interface AvatarPickerProps {
  /** The chosen file, not sent yet. */
  file: File | null;
  onChange: (file: File | null) => void;
  /** The current photo's address (editing), shown until another is chosen. */
  currentUrl?: string | null;
  name: string;
  errors?: readonly string[];
  disabled?: boolean;
}

/** The user form's photo: a preview, a chooser (PNG, JPEG or WebP, 2 MB) and a way to drop the choice. */
export function AvatarPicker({ file, onChange, currentUrl = null, name, errors, disabled = false }: AvatarPickerProps) {
  const t = useT();
  const id = useFieldId('file');
  const preview = useMemo(() => (file && typeof URL.createObjectURL === 'function' ? URL.createObjectURL(file) : null), [file]);
  useEffect(() => () => void (preview && URL.revokeObjectURL(preview)), [preview]);
  return (
    <FieldShell name="file" labelId="user.field.avatar" errors={errors}>
      <div style={{ display: 'flex', alignItems: 'center', gap: 12 }}>
        <UserAvatar url={preview ?? currentUrl} name={name} size={48} />
        <FileInput
          fill
          disabled={disabled}
          text={file?.name ?? t('user.avatar.choose')}
          buttonText={t('user.avatar.choose')}
          inputProps={{ id, accept: ACCEPT, 'aria-describedby': `${id}-hint`, ...({ 'data-testid': 'file' } as object) }}
          onInputChange={(event) => onChange(event.currentTarget.files?.[0] ?? null)}
        />
        {file && <Button icon="cross" variant="minimal" aria-label={t('user.avatar.clear')} data-testid="file-clear" disabled={disabled} onClick={() => onChange(null)} />}
      </div>
      <small id={`${id}-hint`}>{t('user.avatar.hint')}</small>
    </FieldShell>
  );
}
