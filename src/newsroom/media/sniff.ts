import { imageSize } from 'image-size';
import type { PictureFacts } from '../shared/image-check';

/** image-size's names where the format table's differ. */
const FORMAT_NAMES: Record<string, string> = { jpg: 'jpeg' };

/**
 * What a file really is, read from its bytes by image-size (headers only,
 * nothing decoded, whatever the file claims to be): its format and its size
 * as shown (a JPEG stored sideways with an EXIF orientation counts as turned).
 * An unreadable file has no format.
 */
export function sniffPicture(bytes: Uint8Array): PictureFacts {
  try {
    const { type, width, height, orientation } = imageSize(bytes);
    const turned = orientation !== undefined && orientation >= 5;
    return {
      format: type === undefined ? undefined : (FORMAT_NAMES[type] ?? type),
      width: turned ? height : width,
      height: turned ? width : height,
      bytes: bytes.byteLength,
    };
  } catch {
    return { format: undefined, width: 0, height: 0, bytes: bytes.byteLength };
  }
}
