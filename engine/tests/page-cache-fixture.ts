/** What the SQLite and PostgreSQL kept-pages tests share: a config with a relation, and a first-page query. */
import type { ListQuery } from '../src/list/list-query.js';
import { yaml } from './helpers.js';

export const BOOKS_CONFIG = yaml`
  schemas:
    Author:
      properties:
        id: integer
        name: string
    Book:
      properties:
        id: integer
        title: { type: string, required: true }
        authorId: { type: integer, references: Author }
  endpoints:
    - resource: Author
    - resource: Book
  seed:
    Author:
      - { name: Ada }
    Book:
      - { title: Notes, authorId: 1 }
`;

/** The first page of up to 100 records, no filter: as parseListQuery gives it for a bare list. */
export const FIRST_PAGE: ListQuery = {
  conditions: [],
  sort: [],
  limit: 100,
  offset: 0,
  page: 1,
  paged: false,
  notes: [],
  window: 'page',
  simpleRest: false,
};

/** The titles a list of books answers (and that it answers 200). */
export async function titlesAt(url: string): Promise<string[]> {
  const res = await fetch(url);
  if (res.status !== 200) throw new Error(`GET ${url} answered ${res.status}`);
  return ((await res.json()) as { title: string }[]).map((b) => b.title);
}
