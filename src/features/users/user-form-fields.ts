import type { ManagedRole, User } from '../../api/contracts/user.contract';
import type { MessageId } from '../../i18n/message-ids';

/** The user form's text fields in screen order; `addOnly` ones are set once, when the user is made. */
export interface UserTextField {
  name: 'name' | 'username' | 'password' | 'department_id' | 'extension_id' | 'mobile' | 'landline' | 'schedule_time_in' | 'schedule_time_out';
  labelId: MessageId;
  type: 'text' | 'password' | 'tel' | 'time';
  /** Specification §5: name, username, department id, password and extension id. */
  required?: boolean;
  addOnly?: boolean;
  autoComplete?: string;
}

export const USER_TEXT_FIELDS: readonly UserTextField[] = [
  { name: 'name', labelId: 'user.field.name', type: 'text', required: true },
  { name: 'username', labelId: 'user.field.username', type: 'text', required: true, addOnly: true, autoComplete: 'off' },
  { name: 'password', labelId: 'user.field.password', type: 'password', required: true, addOnly: true, autoComplete: 'new-password' },
  { name: 'department_id', labelId: 'user.field.department_id', type: 'text', required: true },
  { name: 'extension_id', labelId: 'user.field.extension_id', type: 'text', required: true },
  { name: 'mobile', labelId: 'user.field.mobile', type: 'tel' },
  { name: 'landline', labelId: 'user.field.landline', type: 'tel' },
  { name: 'schedule_time_in', labelId: 'user.field.schedule_time_in', type: 'time' },
  { name: 'schedule_time_out', labelId: 'user.field.schedule_time_out', type: 'time' },
];

export const ROLE_OPTIONS: readonly { value: ManagedRole; labelId: MessageId }[] = [
  { value: 'agent', labelId: 'user.role.agent' },
  { value: 'manager', labelId: 'user.role.manager' },
];

export type UserFormValues = Record<UserTextField['name'] | 'role', string>;

export const emptyUserValues = (): UserFormValues => ({
  name: '',
  username: '',
  password: '',
  department_id: '',
  extension_id: '',
  mobile: '',
  landline: '',
  schedule_time_in: '',
  schedule_time_out: '',
  role: 'agent',
});

/** A saved user as edit-form values (the username shows read-only; the password is not edited here). */
export const userFormValues = (user: User): UserFormValues => ({
  name: user.name,
  username: user.username,
  password: '',
  department_id: user.department_id === null ? '' : String(user.department_id),
  extension_id: user.extension ?? '',
  mobile: user.mobile ?? '',
  landline: user.landline ?? '',
  schedule_time_in: user.schedule_time_in ?? '',
  schedule_time_out: user.schedule_time_out ?? '',
  role: user.role,
});
