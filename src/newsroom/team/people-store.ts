import { isRole, type Member, type Role } from './roles';

/** A row of the people page: a member, and who last changed it and when (ms). */
export interface Person extends Member {
  changedBy: string;
  changedAt: number;
}

interface PersonRow {
  email: string;
  role: string;
  author: string | null;
  changed_by: string;
  changed_at: number;
}

const personOf = (row: PersonRow): Person => ({
  email: row.email,
  role: isRole(row.role) ? row.role : 'colaborador',
  author: row.author,
  changedBy: row.changed_by,
  changedAt: row.changed_at,
});

/**
 * The newsroom's people in D1 (newsroom_people, migrations/0005_newsroom.sql).
 * The first editor-in-chief comes from configuration, not from the table:
 * they are always a chefe, whatever a row says, so nobody can lock the
 * newsroom out of its own people page.
 */
export class PeopleStore {
  constructor(
    private readonly db: D1Database,
    private readonly chief: string,
  ) {}

  /** The member this e-mail is, or null for someone outside the newsroom. */
  async member(email: string): Promise<Member | null> {
    const row = await this.db.prepare('SELECT * FROM newsroom_people WHERE email = ?').bind(email).first<PersonRow>();
    if (email === this.chief) return { email, role: 'chefe', author: row?.author ?? null };
    return row ? personOf(row) : null;
  }

  /** Everyone, by e-mail, the configured chief first (listed even without a row). */
  async list(): Promise<Person[]> {
    const { results } = await this.db.prepare('SELECT * FROM newsroom_people ORDER BY email').all<PersonRow>();
    const people = results.map(personOf);
    const chief = people.find((person) => person.email === this.chief);
    const others = people.filter((person) => person.email !== this.chief);
    return [
      chief ? { ...chief, role: 'chefe' } : { email: this.chief, role: 'chefe', author: null, changedBy: '', changedAt: 0 },
      ...others,
    ];
  }

  /** Adds someone, or changes their role and author. */
  async put(email: string, role: Role, author: string | null, by: string, now: number): Promise<void> {
    await this.db
      .prepare(
        `INSERT INTO newsroom_people (email, role, author, changed_by, changed_at) VALUES (?1, ?2, ?3, ?4, ?5)
         ON CONFLICT (email) DO UPDATE SET role = ?2, author = ?3, changed_by = ?4, changed_at = ?5`,
      )
      .bind(email, role, author, by, now)
      .run();
  }

  async remove(email: string): Promise<void> {
    await this.db.prepare('DELETE FROM newsroom_people WHERE email = ?').bind(email).run();
  }

  isConfiguredChief = (email: string) => email === this.chief;
}
