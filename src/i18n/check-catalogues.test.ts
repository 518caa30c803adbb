import { checkCatalogues, extractMessageIds, formatProblems } from './check-catalogues';

describe('check-i18n core', () => {
  it('passes matching catalogues', () => {
    expect(checkCatalogues({ 'a.b': 'A' }, { 'a.b': '가' }, [{ id: 'a.b', file: 'x.ts' }])).toEqual([]);
  });

  it('reports a key missing from either catalogue', () => {
    const problems = checkCatalogues({ 'a.only_en': 'A', 'a.both': 'B' }, { 'a.both': '나', 'a.only_kr': '다' });
    expect(problems).toEqual([
      expect.objectContaining({ kind: 'missing-in-kr', id: 'a.only_en' }),
      expect.objectContaining({ kind: 'missing-in-en', id: 'a.only_kr' }),
    ]);
    expect(formatProblems(problems)).toContain('a.only_en');
  });

  it('reports an empty value', () => {
    expect(checkCatalogues({ 'a.b': ' ' }, { 'a.b': '가' })).toEqual([
      expect.objectContaining({ kind: 'empty-value', id: 'a.b' }),
    ]);
  });

  it('reports an id used in the code but in neither catalogue, once', () => {
    const used = [
      { id: 'route.nowhere', file: 'src/app/routes.ts' },
      { id: 'route.nowhere', file: 'src/app/other.ts' },
    ];
    expect(checkCatalogues({}, {}, used)).toEqual([
      { kind: 'unknown-id', id: 'route.nowhere', detail: 'used in src/app/routes.ts, missing from both catalogues' },
    ]);
  });

  it('extracts ids from the shapes the code uses', () => {
    const source = `
      t('login.title'); t("login.submit", { n: 1 });
      intl.formatMessage({ id: 'a.format' });
      <FormattedMessage id="a.formatted" />;
      const route = { titleId: 'route.members', menu: { labelId: 'menu.members', icon: 'people' } };
      <PageFrame titleId="route.tasks" />;
      const m = defineMessages({ hello: { id: 'greeting.hello', defaultMessage: 'Hi' } });
      z.string().min(1, 'validation.name_required');
      throw appError(401, 'errors.invalid_credentials');
      const notAMessage = { id: 'inbound', path: 'a.b' };
      const popup = { type: 'session.updated' };
    `;
    expect(extractMessageIds(source).sort()).toEqual(
      [
        'a.format',
        'a.formatted',
        'errors.invalid_credentials',
        'greeting.hello',
        'login.submit',
        'login.title',
        'menu.members',
        'route.members',
        'route.tasks',
        'validation.name_required',
      ].sort(),
    );
  });
});
