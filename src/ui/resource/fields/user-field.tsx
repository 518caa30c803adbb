import { useCompanyUsers } from '../entity-options';
import type { ResourceOption } from '../resource-view';
import { CheckboxList } from './checkboxes-field';
import type { KindProps } from './field-props';
import { numberFromOption, OptionSelect } from './option-select';

/** The company's users as options: their name, with the username to tell two Kims apart. */
function useUserOptions(): { options: ResourceOption[]; loading: boolean; unavailable: boolean } {
  const { users, loading, unavailable } = useCompanyUsers();
  return { options: users.map((user) => ({ value: String(user.user_id), label: `${user.name} (${user.username})` })), loading, unavailable };
}

/** One user of the company, by id. */
export function UserField({ field, ...props }: KindProps<'user'>) {
  const { options, loading, unavailable } = useUserOptions();
  return (
    <OptionSelect
      {...props}
      labelId={field.labelId}
      required={field.required}
      options={options}
      loading={loading}
      fromOption={numberFromOption}
      {...(unavailable ? { hintId: 'entity.users_unavailable' } : {})}
    />
  );
}

/** Users of the company, one checkbox each (a long list scrolls). */
export function UsersField({ field, ...props }: KindProps<'users'>) {
  const { options, loading, unavailable } = useUserOptions();
  const hintId = unavailable ? ('entity.users_unavailable' as const) : !loading && options.length === 0 ? ('entity.users_none' as const) : undefined;
  return <CheckboxList {...props} labelId={field.labelId} options={options} scroll fromOptions={(ids) => ids.map(Number)} {...(hintId ? { hintId } : {})} />;
}
