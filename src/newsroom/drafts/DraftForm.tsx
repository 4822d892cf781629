import { Fragment } from 'react';
import { THEME_LIST } from '#src/content/schema/themes.ts';
import { newsroomAssets } from '../http/assets';
import { LibraryLink } from '../library/LibraryLink';
import { PATHS } from '../paths';
import { type DraftContent, type DraftFields, FIELD_NAMES, type FieldName } from '../shared/draft-input';
import type { FieldProblem } from '../shared/field-check';
import { FIELD_LABELS, labelOf } from '../shared/field-labels';
import type { ImageKind } from '../shared/image-check';
import { FIGURE_FOLDER, figuresIn, IMAGE_FIELD, thumbnailOf } from '../shared/media-names';
import { FORM, fieldIds } from '../shared/names';
import { isCountedField, lengthCount } from '../shared/share-card';
import { widgetOf } from '../shared/widgets';
import { SharePreview } from './SharePreview';

/** The registry's authors the form offers for `autor`: slug and name. */
export type AuthorChoice = { slug: string; name: string };

/** A `data` written as a day alone shows in the day-and-time control at 00:00, which is what it means. */
const asDateTime = (value: string) => (/^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T00:00` : value);

function Control({ name, value, authors }: { name: FieldName; value: DraftFields[FieldName]; authors: readonly AuthorChoice[] }) {
  const ids = fieldIds(name);
  const describedBy = `${ids.hint} ${ids.problem}`;
  const text = typeof value === 'string' ? value : '';
  switch (widgetOf(name)) {
    case 'paragraph':
      return <textarea id={ids.input} name={name} rows={3} defaultValue={text} aria-describedby={describedBy} />;
    case 'datetime':
      return <input id={ids.input} name={name} type="datetime-local" defaultValue={asDateTime(text)} aria-describedby={describedBy} />;
    case 'flag':
      return <input id={ids.input} name={name} type="checkbox" defaultChecked={value === true} aria-describedby={describedBy} />;
    case 'author': {
      const known = authors.some((author) => author.slug === text);
      return (
        <select id={ids.input} name={name} defaultValue={text} aria-describedby={describedBy}>
          <option value="">A editora do site (padrão)</option>
          {authors.map((author) => (
            <option key={author.slug} value={author.slug}>
              {author.name}
            </option>
          ))}
          {text !== '' && !known && <option value={text}>{text}</option>}
        </select>
      );
    }
    case 'themes': {
      const chosen = Array.isArray(value) ? value : [];
      return (
        <span className="nr-choices">
          {THEME_LIST.map((theme) => (
            <label key={theme.slug}>
              <input type="checkbox" name={name} value={theme.slug} defaultChecked={chosen.includes(theme.slug)} />
              {theme.name}
            </label>
          ))}
        </span>
      );
    }
    default:
      return <input id={ids.input} name={name} type="text" defaultValue={text} aria-describedby={describedBy} />;
  }
}

function Field({
  name,
  value,
  problem,
  authors,
}: {
  name: FieldName;
  value: DraftFields[FieldName];
  problem: FieldProblem | undefined;
  authors: readonly AuthorChoice[];
}) {
  const ids = fieldIds(name);
  const widget = widgetOf(name);
  const hint = FIELD_LABELS[name]?.hint;
  const label = labelOf(name);
  const problemText = problem && <ProblemText problem={problem} />;
  // The hint, the control and the problem's line: the same in a group of boxes and in a single field.
  const body = (
    <>
      {hint && (
        <p id={ids.hint} className="nr-hint">
          {hint}
        </p>
      )}
      <Control name={name} value={value} authors={authors} />
      {isCountedField(name) && <LengthCount name={name} value={typeof value === 'string' ? value : ''} />}
      <p id={ids.problem} className="nr-problem" aria-live="polite">
        {problemText}
      </p>
    </>
  );
  if (widget === 'themes') {
    return (
      <fieldset className="nr-field" data-field={name} aria-describedby={`${ids.hint} ${ids.problem}`}>
        <legend>{label}</legend>
        {body}
      </fieldset>
    );
  }
  return (
    <div className={widget === 'flag' ? 'nr-field nr-flag' : 'nr-field'} data-field={name}>
      <label htmlFor={ids.input}>{label}</label>
      {body}
    </div>
  );
}

/** How long a share text is against what link previews show whole; client/newsroom/share-preview.ts keeps it counting. */
function LengthCount({ name, value }: { name: Parameters<typeof lengthCount>[0]; value: string }) {
  const count = lengthCount(name, value);
  return (
    <p className={count.over ? 'nr-count nr-count-over' : 'nr-count'} data-count={name} aria-live="polite">
      {count.text}
    </p>
  );
}

/** A problem as the form shows it: what is wrong, then the fix. The client script writes the same. */
export function ProblemText({ problem }: { problem: FieldProblem }) {
  return (
    <>
      {problem.message}
      {problem.fix && <span className="nr-fix">{` ${problem.fix}`}</span>}
    </>
  );
}

/** The Markdown body. Its own component so a rich editor can take its place without touching the fields. */
export function BodyField({ body }: { body: string }) {
  return (
    <div className="nr-field nr-body">
      <label htmlFor="campo-corpo">Texto</label>
      <p id="dica-corpo" className="nr-hint">
        Parágrafos separados por uma linha em branco; ## para um intertítulo, **negrito**, *itálico*, [link](https://…).
      </p>
      {/* With JavaScript, the rich text editor is drawn in its place and writes its Markdown here (client/newsroom/editor/). */}
      <textarea
        id="campo-corpo"
        name={FORM.body}
        rows={18}
        defaultValue={body}
        aria-describedby="dica-corpo"
        data-body-editor
        data-media={PATHS.media('')}
        data-titles={PATHS.articleTitles}
      />
      <script type="module" src={newsroomAssets.editor} />
    </div>
  );
}

/** Every field of the article schema, in its order (the main image before its text alternative; the link's preview after the share texts), then the body and its images. */
export function DraftFieldset({
  content,
  problems,
  authors,
  uploadTo,
  library,
  shareHost,
  shareImage = false,
}: {
  content: DraftContent;
  problems: Partial<Record<string, FieldProblem>>;
  authors: readonly AuthorChoice[];
  /** Where the form uploads images (client/newsroom/image-upload.ts). */
  uploadTo: string;
  /** The photo library's address choosing each kind of image for this draft (src/newsroom/library/choosing.ts). */
  library?: Record<ImageKind, string>;
  /** The site's address as link previews show it (shared/share-card.ts). */
  shareHost: string;
  /** Whether the saved main image has its share image (decision 053). */
  shareImage?: boolean;
}) {
  return (
    <>
      {FIELD_NAMES.map((name) => (
        <Fragment key={name}>
          {name === 'alt' && <MainImageField image={content.fields[IMAGE_FIELD]} uploadTo={uploadTo} library={library?.principal} />}
          <Field name={name} value={content.fields[name]} problem={problems[name]} authors={authors} />
          {name === 'descricaoSocial' && <SharePreview fields={content.fields} host={shareHost} shareImage={shareImage} />}
        </Fragment>
      ))}
      <BodyField body={content.body} />
      <FiguresField figures={figuresIn(content.body)} uploadTo={uploadTo} library={library?.figura} />
    </>
  );
}

/** A file picker for one kind of image: pick, a phone's camera roll, or a file dropped on it (client/newsroom/image-upload.ts). */
function ImagePicker({
  kind,
  id,
  label,
  altInput,
  uploadTo,
}: {
  kind: ImageKind;
  id: string;
  label: string;
  altInput: string;
  uploadTo: string;
}) {
  return (
    <div className="nr-drop" data-image-upload={kind} data-upload-to={uploadTo} data-alt-input={altInput}>
      <label htmlFor={id}>{label}</label>
      <input id={id} type="file" accept="image/*" aria-describedby={`${id}-estado`} />
      <p id={`${id}-estado`} className="nr-upload-state" aria-live="polite" data-upload-state />
      {kind === 'principal' && (
        // Shown by client/newsroom/image-upload.ts once a picture was cut to 16:9; it names the buttons by the side cut.
        <fieldset className="nr-framing" data-framing hidden>
          <legend>Enquadramento</legend>
          {[0, 1, 2].map((position) => (
            <button key={position} type="button" data-anchor={position} />
          ))}
        </fieldset>
      )}
    </div>
  );
}

/** The main image: its thumbnail once uploaded, the picker, and the field that names it in the draft. */
function MainImageField({ image, uploadTo, library }: { image: string | undefined; uploadTo: string; library?: string | undefined }) {
  return (
    <fieldset className="nr-field nr-image" data-field={IMAGE_FIELD}>
      <legend>Imagem principal</legend>
      <p className="nr-hint">
        WebP, AVIF, JPEG ou PNG, de pelo menos 1200×675 pixels. A página a recorta em 16:9 se tiver outro formato (o centro; depois você
        escolhe outro enquadramento) e reduz as maiores que 2400×1350 ou que 1 MB. Preencha antes o texto alternativo, logo abaixo.
      </p>
      <img
        className="nr-thumb"
        data-thumbnail
        src={image ? PATHS.media(thumbnailOf(image)) : undefined}
        alt="Miniatura da imagem principal"
        hidden={!image}
        width={240}
        height={135}
      />
      <input type="hidden" name={IMAGE_FIELD} value={image ?? ''} />
      <ImagePicker
        kind="principal"
        id="arquivo-imagem"
        label="Escolher ou arrastar a imagem principal"
        altInput={fieldIds('alt').input}
        uploadTo={uploadTo}
      />
      <LibraryLink href={library} />
    </fieldset>
  );
}

/** Images for the text: the ones its Markdown shows, and a picker that puts a new one where the cursor is. */
function FiguresField({ figures, uploadTo, library }: { figures: string[]; uploadTo: string; library?: string | undefined }) {
  return (
    <fieldset className="nr-field nr-image">
      <legend>Imagens do texto</legend>
      <p className="nr-hint">
        Escreva o texto alternativo, escolha a imagem: ela entra no texto onde está o cursor, como ![texto alternativo]({FIGURE_FOLDER}…).
        Pelo menos 800 pixels de largura.
      </p>
      <ul className="nr-figures" data-figures>
        {figures.map((name) => (
          <li key={name}>
            <img src={PATHS.media(thumbnailOf(name))} alt="" width={120} />
            <code>{`${FIGURE_FOLDER}${name}`}</code>
          </li>
        ))}
      </ul>
      <label htmlFor="alt-figura">Texto alternativo da imagem do texto</label>
      <input id="alt-figura" type="text" />
      <ImagePicker
        kind="figura"
        id="arquivo-figura"
        label="Escolher ou arrastar uma imagem para o texto"
        altInput="alt-figura"
        uploadTo={uploadTo}
      />
      <LibraryLink href={library} />
    </fieldset>
  );
}
