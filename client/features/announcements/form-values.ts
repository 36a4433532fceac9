/**
 * The announcement form's values and their checks (community §5): the shared zod schema of
 * schema/announcements.ts (the one the REST bodies and the draft mutators use), run before any upload.
 */
import { announcementFormSchema, type AnnouncementCategory, type AnnouncementForm, type AudienceType } from '../../../schema/announcements';
import type { SyncedAnnouncement } from '../../../sync/areas/announcements';
import { validateForm, type FieldErrors } from '../../lib/form';
import type { AttachmentMeta } from './AttachmentDropZone';

export interface AnnouncementFormValues {
  title: string;
  message: string;
  category: AnnouncementCategory;
  audienceType: AudienceType;
  customRecipients: string[];
  /** The stored attachment (edit), or the one uploaded at submit time. */
  attachment: AttachmentMeta | null;
}

export const EMPTY_FORM: AnnouncementFormValues = { title: '', message: '', category: 'general', audienceType: 'all', customRecipients: [], attachment: null };

/** Prefill of the edit screen from the cached announcement. */
export const formValuesOf = (a: SyncedAnnouncement): AnnouncementFormValues => ({
  title: a.title,
  message: a.message,
  category: a.category,
  audienceType: a.audienceType,
  customRecipients: a.audienceType === 'custom' ? a.customRecipients : [],
  attachment: a.attachment,
});

/** The wire shape (snake_case) the mutators and REST bodies take. */
export function toWire(values: AnnouncementFormValues, attachment: AttachmentMeta | null = values.attachment) {
  return {
    title: values.title,
    message: values.message,
    category: values.category,
    audience_type: values.audienceType,
    custom_recipients: values.audienceType === 'custom' ? values.customRecipients : [],
    attachment: attachment ? { s3_key: attachment.s3Key, filename: attachment.filename, file_size: attachment.fileSize, file_type: attachment.fileType } : null,
  };
}

/** Form field names of the schema's paths (errors show under the field they belong to). */
const FIELD_OF: Record<string, keyof AnnouncementFormValues> = {
  title: 'title',
  message: 'message',
  category: 'category',
  audience_type: 'audienceType',
  custom_recipients: 'customRecipients',
};

/** Checks the values; errors are keyed by form field, the first message each. */
export function validateAnnouncementForm(values: AnnouncementFormValues, attachment: AttachmentMeta | null = values.attachment): { ok: true; data: AnnouncementForm } | { ok: false; errors: FieldErrors } {
  const result = validateForm(announcementFormSchema, toWire(values, attachment));
  if (result.ok) return result;
  const errors: FieldErrors = {};
  for (const [path, msg] of Object.entries(result.errors)) {
    const field = FIELD_OF[path.split('.')[0]] ?? 'attachment';
    errors[field] ??= msg;
  }
  return { ok: false, errors };
}
