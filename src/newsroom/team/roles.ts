/**
 * The newsroom's roles, as data (the table newsroom_people): what each may
 * do is decided here, and only here.
 * - colaborador: writes drafts (their own);
 * - editor: also edits anyone's draft, sees and restores revisions, and changes the live site;
 * - chefe: an editor who also adds, changes and removes people.
 */
export const ROLES = ['colaborador', 'editor', 'chefe'] as const;
export type Role = (typeof ROLES)[number];

export const isRole = (value: unknown): value is Role => ROLES.includes(value as Role);

/** The roles as the newsroom names them. */
export const ROLE_NAMES: Record<Role, string> = {
  colaborador: 'Colaborador(a)',
  editor: 'Editor(a)',
  chefe: 'Editor(a)-chefe',
};

/** Someone inside the newsroom: who Access (or the development setup) says they are, and their role. */
export interface Member {
  email: string;
  role: Role;
  /** The registry author who signs their articles, when linked. */
  author: string | null;
}

export const canManagePeople = (member: Member) => member.role === 'chefe';
export const canEditAnyDraft = (member: Member) => member.role !== 'colaborador';
export const canSeeRevisions = canEditAnyDraft;
/** A colaborador writes (and shares a preview of) their own drafts; editors, anyone's. */
export const canEditDraft = (member: Member, draft: { createdBy: string }) => canEditAnyDraft(member) || draft.createdBy === member.email;
/** Publishing, scheduling, correcting and unpublishing change what readers see: editors only. */
export const canPublish = canEditAnyDraft;
