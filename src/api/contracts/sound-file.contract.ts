import { defineEntity } from '../entities/define-entity';
import { extensionField, fileFactField, fileField, textField } from '../entities/entity-fields';

/** The largest sound file taken (a minute of 64 kbit/s MP3 is under 0.5 MB; a long greeting fits). */
export const SOUND_FILE_MAX_BYTES = 10 * 1024 * 1024;

/**
 * Specification §5 "the file name must be in English letters", made precise: ASCII letters and digits,
 * spaces, `.`, `_` and `-`, starting with a letter or digit, ending in `.mp3` (any case), at most 100
 * characters. Korean, accented letters, slashes and control characters are refused.
 */
export const SOUND_FILE_NAME_PATTERN = /^[A-Za-z0-9][A-Za-z0-9 _.-]{0,95}\.mp3$/i;

/**
 * /upload-sound-file, the pop-ups upload-sound-file and sound-files/{extension} (CONTRACT §10): MP3s the
 * PBX plays (time conditions, IVR greetings, auto calls), optionally owned by an extension. `store` is
 * multipart with the MP3 in `file`; `GET sound-file/{id}/play` streams it (docs/resources.md "File
 * fields"). Time conditions, IVRs and queues point at them with `soundFileField`, whose picker lists
 * `POST sound-file`.
 */
export const soundFileEntity = defineEntity({
  name: 'sound-file',
  table: 'sound_files',
  fields: {
    name: textField({ required: 'validation.sound_file_name_required', search: true, sort: true, max: 100 }),
    file: fileField({
      required: 'validation.sound_file_file_required',
      accept: ['mp3'],
      maxBytes: SOUND_FILE_MAX_BYTES,
      namePattern: SOUND_FILE_NAME_PATTERN,
      nameMessage: 'validation.sound_file_name',
      typeMessage: 'validation.sound_file_type',
      tooLargeMessage: 'validation.sound_file_too_large',
      route: 'play',
    }),
    file_name: fileFactField('file', 'name', { search: true, sort: true }),
    duration_ms: fileFactField('file', 'duration_ms', { sort: true }),
    extension: extensionField({ filter: true, sort: true, search: true }),
  },
  defaultSort: { sort_by: 'name', sort_order: 'asc' },
  // Managers pass every user permission (specification §6).
  access: { read: { permission: 'upload_sound_file' }, write: { permission: 'upload_sound_file' } },
  routes: { all: true },
  screens: { list: '/upload-sound-file', popups: { add: 'add-sound-file' } },
});
