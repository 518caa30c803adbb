import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { useState } from 'react';
import type { AnyEntity } from '../../api/entities/define-entity';
import { ENTITIES } from '../../api/entities/entity-catalogue';
import { isMissing, type FieldSpec } from '../../api/entities/entity-fields';
import { http } from '../../api/http';
import { COMPANY_PERMISSIONS } from '../../api/permissions/catalogue';
import { offers } from '../../api/resources/resource-contract';
import { makeUserInfo } from '../../api/testing/make-user-info';
import en from '../../i18n/messages/en.json';
import kr from '../../i18n/messages/kr.json';
import { openPopup } from '../../shell/popups/open-popup';
import { PopupContext } from '../../shell/popups/popup-context';
import { LazyScreen } from '../../ui/lazy/lazy-screen';
import { resetColumnSettings } from '../../ui/resource/column-settings-store';
import { formFieldOf } from '../../ui/resource/entity-form-fields';
import { namingField } from '../../ui/resource/entity-options';
import { viewOf } from '../../ui/resource/entity-view';
import type { ResourceField } from '../../ui/resource/resource-view';
import { fakeEntityServer } from '../../ui/resource/testing/fake-entity-server';
import { renderWithFreshCache } from '../../ui/resource/testing/render-resource';
import { entityListScreen, entityPopupScreen } from './entity-screens';
import { ENTITY_VIEWS } from './entity-views';

/**
 * The generated client walk (issue 16): for every entity of the catalogue, its list screen (as the
 * route table finds it) against an in-memory server that answers with the contract's own schemas:
 * Add (its add pop-up, or the list's dialog), every field filled by kind, save, the row; edit (pop-up
 * or dialog), save, the change; delete with the confirmation. And every message id the derivation
 * builds (`<entity>.noun`, `<entity>.field.*`, choice labels) is in both catalogues. A new entity is
 * walked without a line here.
 */

vi.mock('../../api/http', () => ({ http: { post: vi.fn() } }));
vi.mock('../../ui/feedback/toaster', () => ({ showToast: vi.fn(async () => {}) }));
vi.mock('../../shell/popups/open-popup', () => ({ openPopup: vi.fn() }));
vi.mock('../../shell/session/session-selectors', () => ({ useUserInfo: () => manager }));

const manager = makeUserInfo({ role: 'manager', username: 'manager', permissions: [], companyPermissions: [...COMPANY_PERMISSIONS] });

/** One record of every entity a field may point at, so pickers have something to choose. */
const NOW = '2026-11-27T00:00:00.000Z';
function seedRecord(entity: AnyEntity): Record<string, unknown> {
  const record: Record<string, unknown> = { id: 1, created_at: NOW, updated_at: NOW };
  for (const [name, field] of Object.entries(entity.fields as Record<string, FieldSpec>)) {
    if (field.serverOnly) continue;
    record[name] = field.kind === 'text' ? `Seeded ${entity.name}` : field.kind === 'file' ? { name: 'seed.mp3', size: 10, type: 'mp3' } : field.empty;
  }
  return record;
}

// --- filling a form by field kind -------------------------------------------------------------------

const element = (name: string) => screen.getByTestId(name);
const pad = (n: number, width: number) => String(n).padStart(width, '0').slice(-width);

/** A value for a naming field that differs at each `n`, and what the server keeps of it. */
function sampleText(kind: ResourceField['kind'], name: string, n: number): { typed: string; stored: string } {
  switch (kind) {
    case 'tel':
      return { typed: `010-7${pad(n, 3)}-${pad(n, 4)}`, stored: `0107${pad(n, 3)}${pad(n, 4)}` };
    case 'digits':
      return { typed: `0${1_000_000 + n}`, stored: `0${1_000_000 + n}` };
    case 'extension':
      return { typed: `7${pad(n, 3)}`, stored: `7${pad(n, 3)}` };
    default:
      return { typed: `${name} ${n}`, stored: `${name} ${n}` };
  }
}

async function chooseFirst(user: UserEvent, name: string) {
  const select = element(name) as HTMLSelectElement;
  await waitFor(() => expect([...select.options].some((o) => o.value !== '')).toBe(true));
  const option = [...select.options].find((o) => o.value !== '' && o.value !== select.value) ?? [...select.options].find((o) => o.value !== '')!;
  await user.selectOptions(select, option.value);
}

async function fill(user: UserEvent, entity: AnyEntity, field: ResourceField, name: string, n: number): Promise<void> {
  switch (field.kind) {
    case 'text':
    case 'textarea':
    case 'tel':
    case 'digits':
    case 'extension':
      await user.clear(element(name));
      await user.type(element(name), sampleText(field.kind, field.name, n).typed);
      return;
    case 'number':
      await user.type(element(name), '5');
      return;
    case 'time':
      await user.type(element(name), '9:30');
      await user.tab();
      return;
    case 'date':
      await user.type(element(name), 'Nov 27, 2026');
      await user.tab();
      return;
    case 'datetime':
      // The second of an ordered pair (a period's end) comes a day after the first.
      await user.type(element(`${name}-day`), entity.ordered.some((pair) => pair.then === field.name) ? 'Nov 28, 2026' : 'Nov 27, 2026');
      await user.tab();
      await user.type(element(`${name}-time`), '09:30');
      return;
    case 'switch':
      await user.click(element(name));
      return;
    case 'select':
    case 'calendar':
    case 'user':
    case 'reference':
    case 'sound_file':
      await chooseFirst(user, name);
      return;
    case 'checkboxes':
    case 'users':
    case 'extensions':
      await waitFor(() => expect(within(element(name)).getAllByRole('checkbox').length).toBeGreaterThan(0));
      await user.click(within(element(name)).getAllByRole('checkbox')[0]!);
      return;
    case 'destination':
      await user.selectOptions(element(`${name}-type`), 'extension');
      await user.type(element(`${name}.target`), '1001');
      return;
    case 'children':
      await user.click(element(`${name}-add`));
      for (const child of field.children) await fill(user, entity, child, `${name}.0.${child.name}`, n);
      return;
    case 'file':
      await user.upload(element(name), new File([new Uint8Array([0x49, 0x44, 0x33, 3, 0])], `walk${n}.mp3`, { type: 'audio/mpeg' }));
      return;
    case 'custom': {
      // An entity's own control for a field: filled as the derived one would be (same test id).
      const spec = (entity.fields as Record<string, FieldSpec>)[field.name];
      const derived = spec && formFieldOf(entity.name, field.name, field.name, spec);
      if (derived) await fill(user, entity, derived, name, n);
      return;
    }
  }
}

// --- the screens, as the app composes them ------------------------------------------------------------

type OpenedPopup = { id: string; params: Record<string, string> };
let showPopup: (popup: OpenedPopup | null) => void = () => {};

/** The list screen, and the pop-up it opened drawn beside it (as the dialog host would). */
function Harness({ entity }: { entity: AnyEntity }) {
  const [popup, setPopup] = useState<OpenedPopup | null>(null);
  showPopup = setPopup;
  const popupScreen = popup ? entityPopupScreen(popup.id) : undefined;
  return (
    <>
      <LazyScreen load={entityListScreen(entity.screens.list!, true)!} />
      {popup && popupScreen && (
        <PopupContext value={{ popupId: popup.id, presentation: 'dialog', params: popup.params, query: {}, close: () => setPopup(null) }}>
          <div data-testid="walk-popup">
            <LazyScreen load={popupScreen} />
          </div>
        </PopupContext>
      )}
    </>
  );
}

/** The form that Add or Edit opened: the pop-up's, else the list's dialog. */
const openForm = async () => within(await screen.findByTestId('resource-form'));
/** The form closed once saved; if not, what it says is the failure. */
const formGone = () =>
  waitFor(() => {
    const form = screen.queryByTestId('resource-form');
    const said = form ? [...form.querySelectorAll('[role=alert]')].map((alert) => alert.textContent).join(' | ') : '';
    expect(form ? `form still open: ${said}` : null).toBeNull();
  });

beforeEach(() => {
  vi.mocked(http.post).mockReset();
  vi.mocked(openPopup).mockReset();
  vi.mocked(openPopup).mockImplementation(((id: string, params: Record<string, string | number> = {}) => {
    showPopup({ id, params: Object.fromEntries(Object.entries(params).map(([k, v]) => [k, String(v)])) });
    return { kind: 'dialog', url: '', key: id };
  }) as never);
  resetColumnSettings();
});

const walked = ENTITIES.filter((entity) => entity.screens.list);

describe.each(walked.map((entity) => [entity.name, entity] as const))('%s', (_name, entity) => {
  it('adds, edits and deletes through its derived screens', { timeout: 30_000 }, async () => {
    const server = fakeEntityServer(ENTITIES, Object.fromEntries(ENTITIES.filter((e) => e !== entity).map((e) => [e.path, [seedRecord(e)]])));
    vi.mocked(http.post).mockImplementation((path: string, body?: unknown) => server.handle(path, body) as never);
    const overrides = await ENTITY_VIEWS[entity.name]?.();
    const view = viewOf(entity, overrides);
    const naming = namingField(entity)!;
    const namingKind = view.fields.find((f) => f.name === naming)!.kind;
    const user = userEvent.setup();
    renderWithFreshCache(<Harness entity={entity} />);
    // The first screen loads its code (a dynamic import): more than findBy's second on a busy machine.
    await screen.findByTestId(`resource-list-${entity.name}`, {}, { timeout: 15_000 });
    await waitFor(() => expect(server.lastRequest(`${entity.path}/list`)).toBeDefined());

    // Add: every field, by kind.
    await user.click(await screen.findByTestId('resource-add'));
    if (entity.screens.popups?.add) expect(openPopup).toHaveBeenCalledWith(entity.screens.popups.add, overrides?.popupParams?.add?.() ?? {});
    await openForm();
    for (const field of view.fields) await fill(user, entity, field, field.name, 1);
    await user.click(screen.getByTestId('resource-form-save'));
    await formGone();
    // What an entity shows once after adding (an API key's secret) is closed like any dialog.
    if (screen.queryByRole('dialog')) await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const [added] = server.rows(entity.path);
    expect(added).toBeDefined();
    expect(added![naming]).toBe(sampleText(namingKind, naming, 1).stored);
    // Every field arrived: nothing the form was given was lost on the way.
    expect(view.fields.filter((field) => isMissing(added![field.name])).map((field) => field.name)).toEqual([]);
    const row = await screen.findByTestId(`row-${String(added!.id)}`);
    for (const field of view.fields) if (['text', 'textarea'].includes(field.kind)) expect(row.textContent).toContain(`${field.name} 1`);

    // Edit: the naming field changes.
    if (offers(entity.contract, 'update')) {
      await user.click(within(row).getByTestId(`edit-${String(added!.id)}`));
      if (entity.screens.popups?.edit) expect(openPopup).toHaveBeenCalledWith(entity.screens.popups.edit, { ...overrides?.popupParams?.edit?.(added!), id: added!.id });
      const form = await openForm();
      await waitFor(() => expect(form.getByTestId(naming)).toHaveValue(String(added![naming])));
      await fill(user, entity, view.fields.find((f) => f.name === naming)!, naming, 2);
      await user.click(screen.getByTestId('resource-form-save'));
      await formGone();
      await waitFor(() => expect(server.rows(entity.path)[0]![naming]).toBe(sampleText(namingKind, naming, 2).stored));
      if (namingKind === 'text') await waitFor(() => expect(screen.getByTestId(`row-${String(added!.id)}`)).toHaveTextContent(`${naming} 2`));
    }

    // Delete, after the confirmation naming the record.
    if (offers(entity.contract, 'delete')) {
      await user.click(screen.getByTestId(`delete-${String(added!.id)}`));
      expect(await screen.findByTestId('confirm-message')).toHaveTextContent(String(server.rows(entity.path)[0]![naming]));
      await user.click(screen.getByTestId('confirm-accept'));
      await waitFor(() => expect(screen.queryByTestId(`row-${String(added!.id)}`)).not.toBeInTheDocument());
      expect(server.rows(entity.path)).toEqual([]);
    }
  });
});

describe('messages of the derived screens', () => {
  /** Every id the derivation builds for an entity: its noun, each field's label, each choice's label. */
  function derivedIds(entity: AnyEntity): string[] {
    const ids = [`${entity.name}.noun`];
    const walk = (fields: Readonly<Record<string, FieldSpec>>, prefix: string) => {
      for (const [name, field] of Object.entries(fields)) {
        if (field.serverOnly) continue;
        const path = `${prefix}${name}`;
        ids.push(`${entity.name}.field.${path}`);
        for (const value of field.options ?? []) ids.push(`${entity.name}.${path}.${value}`);
        if (field.children) walk(field.children, `${path}.`);
      }
    };
    walk(entity.fields as Record<string, FieldSpec>, '');
    return ids;
  }

  it.each(ENTITIES.map((entity) => [entity.name, entity] as const))('%s has every derived id in en and kr', (_name, entity) => {
    const ids = derivedIds(entity);
    expect(ids.filter((id) => !(id in en))).toEqual([]);
    expect(ids.filter((id) => !(id in kr))).toEqual([]);
  });
});
