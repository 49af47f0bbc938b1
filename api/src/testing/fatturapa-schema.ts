/**
 * The official FatturaPA XSD for tests, validated with libxml2 compiled to WebAssembly (no system
 * package). Version 1.2.1 is the Agenzia's file as @digitalia/fatturapa ships it; 1.2.2 is the same
 * file with the code lists that 1.2.2 changed (TipoDocumento, Natura) replaced by 1.2.2's, as the
 * Agenzia's specifiche tecniche 1.2.2 list them. Only the xmldsig import points to a local stand-in.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { XmlDocument, XsdValidator, xmlRegisterInputProvider } from 'libxml2-wasm';
import { fsInputProviders } from 'libxml2-wasm/lib/nodejs.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const official121 = readFileSync(join(dirname(createRequire(import.meta.url).resolve('@digitalia/fatturapa/package.json')), 'src/schemas/Schema_1.2.1.xsd'), 'utf8').replace(/^\uFEFF/, '');

/** TipoDocumento in 1.2.2 (TD16-TD29 added). */
export const TIPO_DOCUMENTO_122 = ['TD01', 'TD02', 'TD03', 'TD04', 'TD05', 'TD06', 'TD16', 'TD17', 'TD18', 'TD19', 'TD20', 'TD21', 'TD22', 'TD23', 'TD24', 'TD25', 'TD26', 'TD27', 'TD28', 'TD29'];
/** Natura in 1.2.2 (N2, N3, N6 split into N2.1-N2.2, N3.1-N3.6, N6.1-N6.9). */
export const NATURA_122 = ['N1', 'N2.1', 'N2.2', 'N3.1', 'N3.2', 'N3.3', 'N3.4', 'N3.5', 'N3.6', 'N4', 'N5', 'N6.1', 'N6.2', 'N6.3', 'N6.4', 'N6.5', 'N6.6', 'N6.7', 'N6.8', 'N6.9', 'N7'];

function withCodeList(xsd: string, type: string, codes: string[]): string {
  const start = xsd.indexOf(`<xs:simpleType name="${type}">`);
  const end = xsd.indexOf('</xs:simpleType>', start);
  if (start < 0 || end < 0) throw new Error(`${type} not found in the schema`);
  const list = codes.map((c) => `<xs:enumeration value="${c}"/>`).join('');
  return `${xsd.slice(0, start)}<xs:simpleType name="${type}"><xs:restriction base="xs:string">${list}</xs:restriction>${xsd.slice(end)}`;
}

const local = (xsd: string) => xsd.replace(/schemaLocation="http:\/\/www\.w3\.org\/[^"]+"/, `schemaLocation="${join(here, 'xmldsig-stub.xsd')}"`);

export const SCHEMAS = {
  '1.2.1': local(official121),
  '1.2.2': local(withCodeList(withCodeList(official121, 'TipoDocumentoType', TIPO_DOCUMENTO_122), 'NaturaType', NATURA_122)),
} as const;

let registered = false;
const validators = new Map<string, XsdValidator>();

/** The schema's complaints about `xml` (empty when it validates). */
export function schemaErrors(xml: string, version: keyof typeof SCHEMAS): string[] {
  if (!registered) registered = xmlRegisterInputProvider(fsInputProviders);
  let validator = validators.get(version);
  if (!validator) {
    validator = XsdValidator.fromDoc(XmlDocument.fromString(SCHEMAS[version], { url: join(here, `fatturapa-${version}.xsd`) }));
    validators.set(version, validator);
  }
  const doc = XmlDocument.fromString(xml);
  try {
    validator.validate(doc);
    return [];
  } catch (e) {
    const details = (e as { details?: { message: string; line?: number }[] }).details;
    return details?.map((d) => `${d.line ?? '?'}: ${d.message.trim()}`) ?? [String(e)];
  } finally {
    doc.dispose();
  }
}
