/**
 * The announcement form's values, their prefill, and how they map onto the wire shape of the shared
 * zod schema (schema/announcements.ts, the one the REST bodies and the draft mutators use), which
 * checks them before any upload.
 */
import { attachmentOfUpload, toApiAttachment } from '../../../schema/uploads';
import type { SyncedAnnouncement } from '../../../sync/areas/announcements';
import { uploadedFileOf, type UploadedFile } from '../../lib/upload';
import type { FieldMap } from '../../lib/use-synced-form';

/** The announcement's own fields as the cache holds them, and the file being chosen. */
export type AnnouncementFormValues = Pick<SyncedAnnouncement, 'title' | 'message' | 'category' | 'audienceType' | 'customRecipients' | 'pinned'> & {
  /** The stored attachment (edit), or the one uploaded at submit time. */
  attachment: UploadedFile | null;
  /** A file chosen on this screen, uploaded once when the form is saved. */
  file: File | null;
};

export const EMPTY_FORM: AnnouncementFormValues = { title: '', message: '', category: 'general', audienceType: 'all', customRecipients: [], pinned: false, attachment: null, file: null };

/** Prefill of the edit screen from the cached announcement. */
export const formValuesOf = (a: SyncedAnnouncement): AnnouncementFormValues => ({
  title: a.title,
  message: a.message,
  category: a.category,
  audienceType: a.audienceType,
  customRecipients: a.audienceType === 'custom' ? a.customRecipients : [],
  pinned: a.pinned,
  attachment: a.attachment && uploadedFileOf(a.attachment),
  file: null,
});

/** The wire shape (snake_case) the schema, the mutators and the REST bodies take. */
export function toWire(values: AnnouncementFormValues) {
  const { attachment } = values;
  return {
    title: values.title,
    message: values.message,
    category: values.category,
    audience_type: values.audienceType,
    custom_recipients: values.audienceType === 'custom' ? values.customRecipients : [],
    pinned: values.pinned,
    attachment: toApiAttachment(attachment && attachmentOfUpload(attachment)),
  };
}

/** Form field of each schema path: errors show under the field they belong to. */
export const ANNOUNCEMENT_FIELDS: FieldMap<AnnouncementFormValues> = {
  title: 'title',
  message: 'message',
  category: 'category',
  audience_type: 'audienceType',
  custom_recipients: 'customRecipients',
  pinned: 'pinned',
  attachment: 'attachment',
};

