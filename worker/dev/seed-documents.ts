/**
 * A demo vault for both HOAs: bylaws, minutes, budgets and more, public and Board Only, each with a
 * real small file (a PDF of text, or a PNG plan) stored when the seed is given storage, and the
 * `storage_uploads` record the server keeps of every file it accepts.
 */
import type { DocumentCategory } from '../../schema/documents';
import { documents, storageUploads } from '../../schema/tables';
import type { Tx } from '../db';
import { storageKey } from '../domain/uploads';
import { newId } from '../services/tokens';
import { samplePdf, samplePng } from './sample-files';
import type { SeededPlatform, SeedOptions } from './seed-kit';

interface DemoDocument {
  title: string;
  category: DocumentCategory;
  fileName: string;
  isPublic: boolean;
  /** Days before the seed time. */
  daysAgo: number;
  uploader: string;
  notes?: string;
  /** PDF text lines; a plan (PNG) when absent. */
  lines?: string[];
}

const day = 86_400_000;

interface Rect {
  x: number;
  y: number;
  w: number;
  h: number;
  color: [number, number, number];
}
/** A site plan on a lawn: a road, lots, the pool and the red line of the new fence. */
const PLAN: Rect[] = [
  { x: 0, y: 70, w: 240, h: 22, color: [156, 163, 175] },
  { x: 16, y: 14, w: 44, h: 40, color: [229, 231, 235] },
  { x: 72, y: 14, w: 44, h: 40, color: [229, 231, 235] },
  { x: 128, y: 14, w: 44, h: 40, color: [229, 231, 235] },
  { x: 184, y: 104, w: 44, h: 44, color: [96, 165, 250] },
  { x: 180, y: 100, w: 52, h: 2, color: [185, 28, 28] },
  { x: 180, y: 150, w: 52, h: 2, color: [185, 28, 28] },
  { x: 180, y: 100, w: 2, h: 52, color: [185, 28, 28] },
  { x: 230, y: 100, w: 2, h: 52, color: [185, 28, 28] },
];
const LAWN: [number, number, number] = [134, 239, 172];
const planPixel = (x: number, y: number): [number, number, number] => PLAN.findLast((r) => x >= r.x && x < r.x + r.w && y >= r.y && y < r.y + r.h)?.color ?? LAWN;

const vault = (hoa: string, board: string, owner: string): DemoDocument[] => [
  {
    title: `${hoa} Bylaws`,
    category: 'Bylaws',
    fileName: 'bylaws-2024-amended.pdf',
    isPublic: true,
    daysAgo: 80,
    uploader: owner,
    notes: 'Amended at the 2024 annual meeting (Article IV, quorum).',
    lines: [
      'Article I - Name. The association is ' + hoa + '.',
      'Article II - Membership. Every owner of a lot is a member.',
      'Article III - Board of Directors. Five directors, elected for two years.',
      'Article IV - Meetings. A quorum is 20 percent of the members.',
      'Article V - Assessments. Annual dues are set by the board each year.',
    ],
  },
  {
    title: 'Declaration of Covenants, Conditions and Restrictions',
    category: 'Legal',
    fileName: 'ccr-declaration.pdf',
    isPublic: true,
    daysAgo: 78,
    uploader: owner,
    lines: ['Recorded with the county clerk.', 'Section 3.2 - Exterior changes need the approval of the architectural committee.', 'Section 5.1 - Parking on lawns is not allowed.'],
  },
  {
    title: '2026 Annual Budget',
    category: 'Financials',
    fileName: '2026-annual-budget.pdf',
    isPublic: true,
    daysAgo: 45,
    uploader: board,
    notes: 'Approved at the November board meeting.',
    lines: ['Income: assessments $148,800; pool passes $3,200.', 'Expenses: landscaping $52,000; insurance $18,400; utilities $21,000.', 'Reserve contribution: $30,000.'],
  },
  {
    title: 'Reserve Study 2025',
    category: 'Financials',
    fileName: 'reserve-study-2025.pdf',
    isPublic: false,
    daysAgo: 40,
    uploader: owner,
    notes: 'Draft from the engineer; share with owners once the board has reviewed it.',
    lines: ['Roof of the clubhouse: 6 years of remaining life.', 'Pool resurfacing: 3 years.', 'Recommended funding: 72 percent.'],
  },
  {
    title: 'Board Meeting Minutes - October',
    category: 'Meeting Minutes',
    fileName: 'minutes-october.pdf',
    isPublic: true,
    daysAgo: 30,
    uploader: board,
    lines: ['Called to order at 7:02 pm. Quorum present.', 'Approved the landscaping contract renewal.', 'Next meeting: second Thursday of November.'],
  },
  {
    title: 'Executive Session Minutes - October',
    category: 'Meeting Minutes',
    fileName: 'executive-session-october.pdf',
    isPublic: false,
    daysAgo: 30,
    uploader: board,
    notes: 'Delinquent accounts and a legal matter: board only.',
    lines: ['Discussed three delinquent accounts.', 'Authorized counsel to send a demand letter.'],
  },
  {
    title: 'Architectural Review Guidelines',
    category: 'Architectural',
    fileName: 'architectural-guidelines.pdf',
    isPublic: true,
    daysAgo: 25,
    uploader: board,
    lines: ['Fences: wood or wrought iron, at most 6 feet.', 'Exterior paint: colors from the approved palette.', 'Submit requests at least 30 days before work starts.'],
  },
  {
    title: 'Pool Fence Replacement Plan',
    category: 'Architectural',
    fileName: 'pool-fence-plan.png',
    isPublic: true,
    daysAgo: 18,
    uploader: board,
    notes: 'The new fence runs along the red line.',
  },
  {
    title: 'Master Insurance Policy 2026',
    category: 'Insurance',
    fileName: 'master-insurance-policy-2026.pdf',
    isPublic: false,
    daysAgo: 14,
    uploader: owner,
    lines: ['General liability: $2,000,000 per occurrence.', 'Directors and officers: $1,000,000.', 'Renewal date: January 1.'],
  },
  {
    title: 'Landscaping Contract - GreenScape',
    category: 'Maintenance',
    fileName: 'greenscape-contract.pdf',
    isPublic: false,
    daysAgo: 9,
    uploader: board,
    lines: ['Weekly mowing April to October, every other week otherwise.', 'Term: 12 months, renewable.'],
  },
  {
    title: 'Clubhouse Rental Form',
    category: 'Other',
    fileName: 'clubhouse-rental-form.pdf',
    isPublic: true,
    daysAgo: 5,
    uploader: board,
    lines: ['Name, address, date of the event, number of guests.', 'Deposit: $150, returned after inspection.'],
  },
  {
    title: 'Board Meeting Minutes - November',
    category: 'Meeting Minutes',
    fileName: 'minutes-november.pdf',
    isPublic: true,
    daysAgo: 2,
    uploader: board,
    lines: ['Called to order at 7:00 pm.', 'Adopted the 2026 budget.', 'Pool fence replacement approved.'],
  },
];

const VAULTS: Record<string, DemoDocument[]> = {
  'Maple Grove HOA': vault('Maple Grove HOA', 'board@maplegrove.test', 'owner@maplegrove.test'),
  // A smaller vault, so the two HOAs are told apart at a glance.
  'Cedar Park HOA': vault('Cedar Park HOA', 'board@cedarpark.test', 'owner@cedarpark.test').filter((_, i) => i % 2 === 0),
};

const CONTENT_TYPES: Record<string, string> = { pdf: 'application/pdf', png: 'image/png' };

export async function seedDocuments(tx: Tx, platform: SeededPlatform, opts: SeedOptions): Promise<void> {
  for (const hoa of platform.hoas) {
    for (const d of VAULTS[hoa.name] ?? []) {
      const uploadedBy = hoa.userIds[d.uploader];
      const ext = d.fileName.slice(d.fileName.lastIndexOf('.') + 1);
      const bytes = d.lines ? samplePdf([d.title, ...d.lines]) : samplePng(240, 160, planPixel);
      const s3Key = storageKey(hoa.id, 'documents', d.fileName);
      const at = opts.now - d.daysAgo * day;
      await tx.insert(storageUploads).values({
        id: newId(),
        hoaId: hoa.id,
        userId: uploadedBy,
        feature: 'documents',
        s3Key,
        fileName: d.fileName,
        fileType: CONTENT_TYPES[ext],
        fileSize: bytes.length,
        createdAt: at,
        storedAt: at,
        attachedAt: at,
      });
      await tx.insert(documents).values({
        id: newId(),
        hoaId: hoa.id,
        title: d.title,
        category: d.category,
        s3Key,
        fileName: d.fileName,
        fileType: ext,
        fileSize: bytes.length,
        isPublic: d.isPublic,
        notes: d.notes ?? '',
        tags: [],
        uploadedBy,
        createdAt: at,
        updatedAt: at,
      });
      await opts.storage?.put({ key: s3Key, contentType: CONTENT_TYPES[ext], body: bytes });
    }
  }
}
