/** The design system: import from 'client/ui' rather than from the files. */
export { Alert, type AlertTone } from './Alert';
export { Avatar } from './Avatar';
export { Badge, type BadgeVariant } from './Badge';
export { QueuedBadge, StatusWithQueued, ViewLink } from './RowParts';
export { Button, ButtonLink, buttonClasses, type ButtonProps } from './Button';
export { Card, CardBody, CardHeader, NoteCard, StatCard } from './Card';
export { charactersLeft } from './characters-left';
export { cx } from './cx';
export { Dialog, DialogActions, lazyDialog } from './Dialog';
export { EmptyState } from './EmptyState';
export { Field, Input, PasswordInput, Textarea } from './Field';
export { Checkbox, Switch } from './Toggle';
export { optionsOf, Select, type SelectOption } from './Select';
export { FilterBar, type SelectFilterDef } from './FilterBar';
export * from './icons';
export { HeldUntilKnown } from './HeldUntilKnown';
export { LoadingForm, LoadingSplash, LoadingText, Skeleton, SkeletonRows } from './Loading';
export { ListScreen, type ListRows, type StatDef } from './ListScreen';
export { MenuOnFirstPress, type MenuEntry } from './Menu';
export { MultiSelect } from './MultiSelect';
export { Breadcrumb, PageHeader, type Crumb } from './PageHeader';
export { RelativeTime } from './RelativeTime';
export { Spinner } from './Spinner';
export { DataTable, LoadMore, RowActions, titleColumn, type Column, type LoadMoreProps } from './Table';
export { useInSlices } from './in-slices';
export { Tabs, type TabDef } from './Tabs';
export { Toaster, useToast } from './Toast';
// Detail and form kit (detail screens, attachments, user pickers).
export { AttachmentCard, DOWNLOAD_FAILED, DOWNLOAD_OFFLINE_TEXT, useAttachmentDownload } from './AttachmentCard';
export { AttachmentDropZone, UPLOAD_OFFLINE_TEXT } from './AttachmentDropZone';
export { FileSummary, type ShownFile } from './FileSummary';
export { RequiredMark } from './Field';
export { FormScreen } from './FormScreen';
export { DetailList, DetailScreen, type DetailItem, type DetailItems } from './DetailScreen';
export { PersonList, type ListedPerson } from './PersonList';
export { Unavailable, type UnavailableWords } from './Unavailable';
export { UserPicker } from './UserPicker';
// RichTextField is imported by file ('../../ui/RichTextField'), not from here: it brings the sanitizer
// (DOMPurify) for its stand-in, which would otherwise land in the chunk every list screen loads; the
// editor itself (Tiptap, ProseMirror, ~130 KB gzipped) is its own chunk, loaded when a field renders.
export { CountGrid, RecentItems, type RecentItem } from './StatDetails';
