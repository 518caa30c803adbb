/**
 * Text out of spreadsheet XML exactly as SheetJS 0.20 turns it into cell values (its `unescapexml`,
 * `parse_si` and formula-string handling), quirks included: the streaming reader must give the same
 * texts as the SheetJS reader it replaces.
 */

const ENTITIES: Record<string, string> = { '&quot;': '"', '&apos;': "'", '&gt;': '>', '&lt;': '<', '&amp;': '&' };
const ENTITY = /&(?:quot|apos|gt|lt|amp|#x?([\da-fA-F]+));/gi;
const ESCAPED_CHAR = /_x([\da-fA-F]{4})_/gi;

function decodeEntities(text: string): string {
  // SheetJS quirks kept: `fromCharCode` truncates code points above U+FFFF, and a named entity in
  // other case (`&AMP;`) becomes U+0000.
  return text
    .replace(ENTITY, (whole, code: string | undefined) => ENTITIES[whole] ?? (String.fromCharCode(parseInt(code as string, whole.includes('x') ? 16 : 10)) || whole))
    .replace(ESCAPED_CHAR, (_, code: string) => String.fromCharCode(parseInt(code, 16)));
}

function unescapeRaw(text: string): string {
  const open = text.indexOf('<![CDATA[');
  if (open === -1) return decodeEntities(text);
  const close = text.indexOf(']]>');
  return unescapeRaw(text.slice(0, open)) + text.slice(open + 9, close) + unescapeRaw(text.slice(close + 3));
}

const needsUnescape = (text: string) => text.includes('&') || text.includes('_x') || text.includes('_X') || text.includes('<![CDATA[');

/** XML character data as text; `cellText` also turns CRLF into LF as SheetJS does for cell strings. */
export function unescapeXml(text: string, cellText = false): string {
  const out = needsUnescape(text) ? unescapeRaw(text) : text;
  return cellText && out.includes('\r\n') ? out.replace(/\r\n/g, '\n') : out;
}

/**
 * A formula's cached string (`t="str"`). SheetJS unescapes it twice, the first time on the UTF-8 bytes
 * before decoding them, so `&amp;lt;` reads as `<` and `&#xC3;&#xA9;` as `é`; reproduced by going back to
 * bytes when there is anything to unescape.
 */
export function formulaStringText(raw: string): string {
  if (!needsUnescape(raw)) return unescapeXml(raw, true);
  const once = unescapeRaw(Buffer.from(raw, 'utf8').toString('latin1'));
  return unescapeXml(Buffer.from(once, 'latin1').toString('utf8'), true);
}

const PLAIN_START = /^\s*<(?:\w+:)?t[^>]*>/;
const PLAIN_END = /<\/(?:\w+:)?t>/;
const RUN = /<(?:\w+:)?r\b[^<>]*>/;
const RUN_TEXT = /<(?:\w+:)?t\b[^<>]*>([^<]*)<\/(?:\w+:)?t>/g;
const PHONETIC_OPEN = /<(?:\w+:)?rPh\b[^<>]*>/g;
const PHONETIC_CLOSE = /<\/(?:\w+:)?rPh>/g;
const TAG = /<[/?]?[a-zA-Z0-9:_-]+(?:\s+[^"\s?<>/]+\s*=\s*(?:"[^"]*"|'[^']*'|[^'"<>\s=]+))*\s*[/?]?>/gm;

/** Drops phonetic runs (`<rPh>`, the reading of Asian text), which are not part of the string. */
function withoutPhonetic(x: string): string {
  if (!x.includes('rPh')) return x;
  let out = '';
  let from = 0;
  PHONETIC_OPEN.lastIndex = 0;
  for (let open = PHONETIC_OPEN.exec(x); open; open = PHONETIC_OPEN.exec(x)) {
    out += x.slice(from, open.index);
    PHONETIC_CLOSE.lastIndex = PHONETIC_OPEN.lastIndex;
    const close = PHONETIC_CLOSE.exec(x);
    // SheetJS fails the whole string table on an unclosed run.
    if (!close) throw new Error('xlsx: unclosed phonetic run');
    from = PHONETIC_OPEN.lastIndex = PHONETIC_CLOSE.lastIndex;
  }
  return out + x.slice(from);
}

/**
 * The text of a string item (`<si>` of the shared strings, `<is>` of an inline string): a plain `<t>`,
 * or rich-text runs concatenated. Undefined for an item that is neither, which SheetJS leaves without a
 * value.
 */
export function stringItemText(x: string): string | undefined {
  if (PLAIN_START.test(x)) return unescapeXml(x.slice(x.indexOf('>') + 1).split(PLAIN_END)[0] ?? '', true);
  if (!RUN.test(x)) return undefined;
  return unescapeXml((withoutPhonetic(x).match(RUN_TEXT) ?? []).join('').replace(TAG, ''), true);
}
