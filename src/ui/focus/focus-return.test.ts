import { captureFocus, focusFirstField } from './focus-return';

afterEach(() => {
  document.body.innerHTML = '';
});

function mount(html: string) {
  document.body.innerHTML = html;
  return (testId: string) => document.querySelector<HTMLElement>(`[data-testid="${testId}"]`)!;
}

describe('captureFocus', () => {
  const list = `
    <div data-focus-scope data-focus-fallback="3" data-testid="list">
      <input data-testid="search" data-focus-fallback="2">
      <table data-testid="table" data-focus-fallback="1"><tbody><tr><td><button data-testid="delete-1">x</button></td></tr></tbody></table>
    </div>
    <button data-testid="elsewhere">y</button>`;

  it('returns focus to the opener when it is still there', () => {
    const get = mount(list);
    get('delete-1').focus();
    const restore = captureFocus();
    get('delete-1').blur();
    restore();
    expect(document.activeElement).toBe(get('delete-1'));
  });

  it('finds the opener again by its test id when its row was re-rendered', () => {
    const get = mount(list);
    get('delete-1').focus();
    const restore = captureFocus();
    const replacement = get('delete-1').cloneNode(true);
    get('delete-1').replaceWith(replacement);
    restore();
    expect(document.activeElement).toBe(replacement);
  });

  it('falls back to the lowest-ranked fallback of the list, then the next', () => {
    const get = mount(list);
    get('delete-1').focus();
    const restore = captureFocus();
    get('delete-1').remove();
    restore();
    expect(document.activeElement).toBe(get('table'));
    // Focusable only for this: not a Tab stop once focus moves on.
    get('search').focus();
    expect(get('table')).not.toHaveAttribute('tabindex');

    get('search').blur();
    get('table').remove();
    restore();
    expect(document.activeElement).toBe(get('search'));
  });

  it('leaves focus alone when the user already put it somewhere else', () => {
    const get = mount(list);
    get('delete-1').focus();
    const restore = captureFocus();
    get('elsewhere').focus();
    restore();
    expect(document.activeElement).toBe(get('elsewhere'));
  });

  it('takes focus back from inside the dialog that is closing', () => {
    const get = mount(`${list}<div data-testid="dialog"><button data-testid="inside">z</button></div>`);
    get('delete-1').focus();
    const restore = captureFocus();
    get('inside').focus();
    restore(get('dialog'));
    expect(document.activeElement).toBe(get('delete-1'));
  });
});

describe('focusFirstField', () => {
  it('skips hidden, disabled and read-only fields', () => {
    const get = mount(`<form>
      <input type="hidden" name="a"><input data-testid="b" disabled><input data-testid="c" readonly>
      <select data-testid="d"></select><input data-testid="e">
    </form>`);
    expect(focusFirstField(document.body)).toBe(true);
    expect(document.activeElement).toBe(get('d'));
  });

  it('says so when there is no field', () => {
    mount('<p>nothing</p>');
    expect(focusFirstField(document.body)).toBe(false);
  });
});
