/** The design system: import from 'client/ui' rather than from the files. */
export { Alert, type AlertTone } from './Alert';
export { Avatar } from './Avatar';
export { Badge, type BadgeVariant } from './Badge';
export { Button, ButtonLink, buttonClasses, type ButtonProps } from './Button';
export { Card, CardBody, CardHeader, StatCard } from './Card';
export { cx } from './cx';
export { Dialog } from './Dialog';
export { EmptyState } from './EmptyState';
export { Field, Input, PasswordInput, Select, Textarea } from './Field';
export * from './icons';
export { LoadingSplash, LoadingText, Skeleton, SkeletonRows } from './Loading';
export { Menu, type MenuEntry } from './Menu';
export { Breadcrumb, PageHeader, type Crumb } from './PageHeader';
export { RelativeTime } from './RelativeTime';
export { Spinner } from './Spinner';
export { DataTable, LoadMore, type Column, type LoadMoreProps } from './Table';
export { Tabs, type TabDef } from './Tabs';
export { Toaster, useToast } from './Toast';
// Detail and form kit (detail screens, attachments, user pickers).
export { AttachmentCard, DOWNLOAD_FAILED } from './AttachmentCard';
export { AttachmentDropZone, UPLOAD_OFFLINE_TEXT } from './AttachmentDropZone';
export { FileSummary, type ShownFile } from './FileSummary';
export { RequiredMark } from './Field';
export { FormScreen } from './FormScreen';
export { DetailList, DetailScreen, type DetailItem, type DetailItems } from './DetailScreen';
export { PersonList, type ListedPerson } from './PersonList';
export { Unavailable, type UnavailableWords } from './Unavailable';
export { UserPicker } from './UserPicker';
