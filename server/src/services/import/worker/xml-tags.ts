/** Tags and attributes of the small workbook parts, matched the way SheetJS 0.20 matches them. */

const ATTRIBUTE = /\s([^"\s?>/]+)\s*=\s*(?:"([^"]*)"|'([^']*)'|([^'">\s]+))/g;

/** A tag's attributes by local name (`r:id` is `id`), as SheetJS's `parsexmltag` keys them. */
export function tagAttributes(tag: string): Record<string, string> {
  const attributes: Record<string, string> = {};
  for (const match of tag.matchAll(ATTRIBUTE)) {
    const name = match[1]!;
    const colon = name.indexOf(':');
    const key = colon === -1 ? name : (colon === 5 && name.startsWith('xmlns') ? 'xmlns' : '') + name.slice(colon + 1);
    attributes[key] = match[2] ?? match[3] ?? match[4] ?? '';
  }
  return attributes;
}

/** Every start or empty tag named `name` (in any namespace prefix), as its raw text. */
export function tagsNamed(xml: string, name: string): string[] {
  return xml.match(new RegExp(`<(?:\\w+:)?${name}(?=[\\s/>])[^>]*>`, 'g')) ?? [];
}

/** The first `<name ...>...</name>` element (any prefix) as [whole element, content], like SheetJS's `str_match_xml_ns`. */
export function firstElement(xml: string, name: string): [string, string] | null {
  const open = new RegExp(`<(?:\\w+:)?${name}\\b[^<>]*>`, 'g');
  const close = new RegExp(`</(?:\\w+:)?${name}>`, 'g');
  const start = open.exec(xml);
  if (!start) return null;
  close.lastIndex = open.lastIndex;
  const end = close.exec(xml);
  if (!end) return null;
  return [xml.slice(start.index, close.lastIndex), xml.slice(open.lastIndex, end.index)];
}

/** SheetJS's `parsexmlbool`: only 1/true are true. */
export const xmlBoolean = (value: string | undefined) => value === '1' || value === 'true';
