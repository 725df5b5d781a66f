#!/usr/bin/env node
// The spec's data model as data (issue 27): every entity of §3 "Entities and their fields" of the three
// spec texts with its field names, so that the contract test (server/src/contract/) reads the spec's own
// lists and a change of the spec shows up as a diff of the generated file.
// Usage: node scripts/spec-fields.mjs [--check]   (SPEC_DIR, default ../shared/spec from the repo root)
//   writes server/src/contract/spec-fields.json; --check compares instead and exits 1 when it is stale.
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
export const OUTPUT = join(ROOT, 'server/src/contract/spec-fields.json');
export const SPEC_FILES = ['1-shell-and-purchasing.md', '2-inventory-and-cash.md', '3-sales-dispatch-and-portal.md'];

/** The text of section "## 3. Entities and their fields" of one spec document. */
function dataModel(text) {
  const start = text.search(/^## 3\. Entities and their fields\s*$/m);
  if (start < 0) throw new Error('sin sección "## 3. Entities and their fields"');
  const rest = text.slice(start).split('\n').slice(1).join('\n');
  const end = rest.search(/^## /m);
  return end < 0 ? rest : rest.slice(0, end);
}

/** Splits on commas outside parentheses. */
function topLevel(list) {
  const out = [];
  let depth = 0;
  let cur = '';
  for (const ch of list) {
    if (ch === '(') depth++;
    if (ch === ')') depth = Math.max(0, depth - 1);
    if (ch === ',' && depth === 0) { out.push(cur); cur = ''; } else cur += ch;
  }
  if (cur.trim()) out.push(cur);
  return out.map((s) => s.trim()).filter(Boolean);
}

const IDENT = /^[a-z][a-z0-9_]*$/;
const SNAKE = /\b[a-z][a-z0-9]*_[a-z0-9_]+\b/g;

/** The field names one list item names: `cli_id`, `usu_nivel (1 = corporate)`, `a / b`, `x(_nombre)`, `... and y`. */
function namesOf(item) {
  const bare = item.replace(/\([^()]*\)/g, (m) => (/^\(_[a-z_]+\)$/.test(m) ? m : '')).trim();
  const withSuffix = bare.match(/^([a-z][a-z0-9_]*)\((_[a-z_]+)\)$/);
  if (withSuffix) return [withSuffix[1], withSuffix[1] + withSuffix[2]];
  const parts = bare.split('/').map((s) => s.trim());
  if (parts.every((p) => IDENT.test(p))) return parts;
  return [...new Set(bare.match(SNAKE) ?? [])];
}

/** `word (a, b, c)` whose parenthesis is a plain list of names: nested fields of `word`. */
function nestedOf(item) {
  const m = item.match(/^(.*?)\s*\((?:each(?: a user)?:\s*)?([^()]*)\)\s*$/);
  if (!m) return null;
  const inner = topLevel(m[2]);
  const names = inner.map((s) => s.replace(/\s+with\s+.*$/, '').trim());
  if (inner.length < 2 || !names.every((s) => IDENT.test(s) || /^[a-z ]+name$/.test(s))) return null;
  return { of: m[1].trim(), fields: names };
}

/** One field list (a sentence or a bullet) as fields plus nested lists. */
function parseList(text) {
  const fields = [];
  const nested = {};
  for (const item of topLevel(text.replace(/\.\s*$/, ''))) {
    for (const n of namesOf(item)) if (!fields.includes(n)) fields.push(n);
    const sub = nestedOf(item);
    if (sub) nested[sub.of] = sub.fields;
  }
  return { fields, nested };
}

/** Entities of one data-model section: bold headings, their sentences and their bullets. */
export function entitiesOf(section, spec) {
  const entities = [];
  let current = null;
  for (const raw of section.split('\n')) {
    const line = raw.trim();
    if (!line) continue;
    const bullet = line.match(/^- ([^:]+):\s*(.*)$/);
    if (bullet && current) {
      const { fields, nested } = parseList(bullet[2]);
      current.parts.push({ part: bullet[1].trim(), fields, nested });
      continue;
    }
    // A paragraph may hold several entities: **A:** ... **B:** ...
    for (const m of line.matchAll(/\*\*([^*]+?):?\*\*:?\s*([^*]*)/g)) {
      const heading = m[1].replace(/:$/, '').trim();
      const name = heading.replace(/\s*\(.*\)$/, '').trim();
      const paren = heading.match(/\(([^)]*)\)$/)?.[1] ?? null;
      const [first, ...more] = m[2].trim().split(/(?<=\))\.\s+|(?<=[a-z0-9_])\.\s+/);
      const entity = { spec, entity: name, label: paren, ...parseList(first ?? ''), notes: [], parts: [] };
      for (const sentence of more) {
        const s = sentence.trim().replace(/\.$/, '');
        const lookups = s.match(/^Lookups:\s*(.*)$/);
        if (lookups) {
          for (const item of topLevel(lookups[1])) {
            const sub = nestedOf(item);
            if (sub) entity.nested[sub.of] = sub.fields;
          }
          continue;
        }
        // "Detail: a, b", "Each detail has a, b", "Filter fields a, b": a part of the entity.
        const part = s.match(/^([A-Z][a-z]+(?: [a-z]+)?):\s*(.+)$/) ?? s.match(/^Each (\w+) has (.+)$/) ?? s.match(/^(Filter fields) (.+)$/);
        const list = part ? parseList(part[2]) : null;
        if (part && list && list.fields.length > 0) entity.parts.push({ part: part[1], ...list });
        else if (s) entity.notes.push({ text: s, fields: [...new Set(s.match(SNAKE) ?? [])] });
      }
      entities.push(entity);
      current = entity;
    }
  }
  return entities;
}

export function extract(specDir) {
  return {
    generated_by: 'scripts/spec-fields.mjs',
    source: SPEC_FILES.map((f) => `spec/${f} §3 "Entities and their fields"`),
    entities: SPEC_FILES.flatMap((f, i) => entitiesOf(dataModel(readFileSync(join(specDir, f), 'utf8')), i + 1)),
  };
}

export function render(specDir) {
  return `${JSON.stringify(extract(specDir), null, 2)}\n`;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const specDir = resolve(process.env.SPEC_DIR ?? join(ROOT, '../shared/spec'));
  const text = render(specDir);
  if (process.argv.includes('--check')) {
    const current = readFileSync(OUTPUT, 'utf8');
    if (current !== text) {
      process.stderr.write(`${OUTPUT} no coincide con la especificación; ejecute node scripts/spec-fields.mjs\n`);
      process.exit(1);
    }
  } else {
    writeFileSync(OUTPUT, text);
    process.stdout.write(`${OUTPUT}: ${JSON.parse(text).entities.length} entidades\n`);
  }
}
