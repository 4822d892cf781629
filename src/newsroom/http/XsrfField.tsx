import { FORM } from '../shared/names';

/** The anti-forgery token a form posts back (its pair is the XSRF-TOKEN cookie: anti-forgery.ts). */
export function XsrfField({ token }: { token: string }) {
  return <input type="hidden" name={FORM.xsrf} value={token} />;
}
