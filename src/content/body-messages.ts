import { ALLOWED_ELEMENT_NAMES, isAllowedImageSrc } from './html-policy';

// What an editor reads when the body policy refuses something (./body-html.ts):
// one place, so the messages can change language in one go.

const ALLOWED_LIST = ALLOWED_ELEMENT_NAMES.filter((name) => name !== 'iframe' && name !== 'img')
  .map((name) => `<${name}>`)
  .join(' ');

export function elementRefusal(name: string, src: string | undefined, alt: string | undefined): [message: string, fix: string] {
  if (name === 'img' && !isAllowedImageSrc(src)) {
    return [
      src === undefined ? '<img> without src=' : `<img src="${src.slice(0, 60)}"> is not an image of this article`,
      'put the image in the article\'s imagens/ folder and write src="imagens/<file>" (no outside, data: or javascript: addresses)',
    ];
  }
  if (name === 'img' && !alt?.trim()) return ['<img> without alt text', 'describe the image in alt="…" (10–150 characters)'];
  if (name === 'iframe') {
    return [
      `<iframe> from "${(src ?? '').slice(0, 60)}" is not an allowed embed`,
      "only https://www.youtube-nocookie.com/embed/<id> videos may be embedded, <id> being the video's 11 characters",
    ];
  }
  if (name === 'h1') return ['<h1> in the body', 'the page shows the titulo as its <h1>: use <h2> for sections'];
  return [
    `<${name}> is not allowed in an article`,
    `remove the <${name}> element; a body may use ${ALLOWED_LIST}, <img> from imagens/ and YouTube embeds`,
  ];
}

export function attributeRefusal(element: string, attribute: string): [message: string, fix: string] {
  if (attribute.startsWith('on'))
    return [`event handler attribute ${attribute}= on <${element}>`, `remove ${attribute}=: articles cannot run script`];
  if (attribute === 'style' || attribute === 'class') {
    return [`${attribute}= on <${element}> is not allowed`, `remove ${attribute}=: the site's stylesheet formats articles`];
  }
  if (attribute === 'id' || attribute === 'name') {
    return [`${attribute}= on <${element}> is not allowed`, `remove ${attribute}=: it could take over names the page's own scripts use`];
  }
  return [`attribute ${attribute}= is not allowed on <${element}>`, `remove ${attribute}=`];
}

export function parseErrorMessage(code: string): string {
  if (code === 'cdata-in-html-content')
    return 'a CDATA section (<![CDATA[…]]>), which HTML does not have: browsers end it at the first ">"';
  if (code === 'unexpected-question-mark-instead-of-tag-name') return 'a processing instruction (<?…?>), which HTML does not have';
  return `malformed HTML (${code})`;
}

export function parseErrorFix(code: string): string {
  if (code === 'cdata-in-html-content' || code === 'unexpected-question-mark-instead-of-tag-name')
    return 'remove it; write the text as plain HTML';
  return 'fix the markup here (an editor with HTML validation shows the exact spot)';
}
