import { z } from 'zod';

/**
 * The files module (issue 14): every upload of the product goes through it. A purpose says what a
 * file is for, and so which kinds of content it may hold (decided from the bytes, never the name)
 * and how large it may be.
 *  - image: PNG, JPEG, GIF, WebP, ICO (SVG is refused: it can carry script);
 *  - document: PDF, Word/Excel/PowerPoint (OOXML and the older binary formats), plain text, images;
 *  - package: a ZIP archive (application packages);
 *  - attachment: anything that is not an executable.
 */
export const FILE_PURPOSES = ['image', 'document', 'package', 'attachment'] as const;
export const filePurposeSchema = z.enum(FILE_PURPOSES);
export type FilePurpose = z.infer<typeof filePurposeSchema>;

const MB = 1024 * 1024;

/** The largest file of each purpose (bytes). FILES_MAX_UPLOAD_BYTES can lower every one of them. */
export const FILE_PURPOSE_MAX_BYTES: Readonly<Record<FilePurpose, number>> = {
  image: 10 * MB,
  document: 100 * MB,
  package: 200 * MB,
  attachment: 200 * MB,
};

/** What a file picker offers for each purpose (a hint only: the server decides from the content). */
export const FILE_PURPOSE_ACCEPT: Readonly<Record<FilePurpose, string>> = {
  image: 'image/png,image/jpeg,image/gif,image/webp,image/x-icon,.ico',
  document: '.pdf,.doc,.docx,.xls,.xlsx,.ppt,.pptx,.txt,.csv,image/png,image/jpeg,image/gif,image/webp',
  package: '.zip,application/zip',
  attachment: '',
};

export const FILE_PURPOSE_TITLES: Readonly<Record<FilePurpose, { zh: string; en: string }>> = {
  image: { zh: '图片', en: 'Image' },
  document: { zh: '文档', en: 'Document' },
  package: { zh: '安装包', en: 'Package' },
  attachment: { zh: '附件', en: 'Attachment' },
};

/** A stored file as other modules and the pages see it. */
export const storedFileSchema = z.object({
  id: z.string(),
  /** The name it was uploaded with (path parts and control characters removed). */
  name: z.string(),
  /** Decided from the content, never from the name or the browser's header. */
  contentType: z.string(),
  size: z.number().int().nonnegative(),
  /** Hex SHA-256 of the content. */
  sha256: z.string(),
  /** A same-origin path that serves the file to those allowed to read it. */
  url: z.string(),
});
export type StoredFile = z.infer<typeof storedFileSchema>;

/** `POST /{ump|dmp}/admin/files/upload?purpose=...` (multipart, one part named `file`). */
export const fileUploadQuerySchema = z.strictObject({
  purpose: filePurposeSchema,
  /** Uploaded to the file library itself (the files page): never cleaned up as unused. */
  keep: z.enum(['true', 'false']).optional(),
});
export type FileUploadQuery = z.infer<typeof fileUploadQuerySchema>;

/** The multipart field that carries the file. */
export const FILE_UPLOAD_FIELD = 'file';

/** Ids of stored files: `f-` and a random UUID (unguessable: an image's link is its capability). */
export const FILE_ID_PATTERN = /^f-[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
export const fileIdSchema = z.string().regex(FILE_ID_PATTERN, '文件编号有误');

/** Where a file's content is served. */
export const fileContentPath = (fileId: string): string => `/ump/files/${fileId}`;

/** `GET /ump/files/:id`: a signed link carries its expiry (unix seconds) and signature. */
export const fileContentQuerySchema = z.object({
  expires: z
    .string()
    .regex(/^\d{1,12}$/)
    .optional(),
  signature: z
    .string()
    .regex(/^[A-Za-z0-9_-]{43}$/)
    .optional(),
  /** `1`: as an attachment (download) rather than shown in the page. */
  download: z.enum(['0', '1']).optional(),
  token: z.string().max(200).optional(),
  uniwater_utoken: z.string().max(200).optional(),
});
