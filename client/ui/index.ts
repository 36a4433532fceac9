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
