// POST /api/profile/upload-photo (multipart, field `photo`) and GET /media/photos/<name>.webp.
// The upload is read whole (at most PROFILE_PHOTO_MAX_BYTES) before anything is judged, so a
// refusal of any kind writes nothing; an accepted photo is written, then the user row points at
// it, then the previous photo is deleted.
import multipart from '@fastify/multipart';
import {
  CALLS,
  PROFILE_PHOTO_FIELD,
  PROFILE_PHOTO_MAX_BYTES,
  PROFILE_PHOTO_MULTIPART_OVERHEAD_BYTES,
} from '@shop/shared';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../db/client';
import { users } from '../db/schema';
import { ShopError, notFound } from '@shop/shared/server';
import { registerCall, type CallRouteOptions } from '../http/call-route';
import { toUser } from '../profile/users';
import { photoRefused, processPhoto } from './photo-image';
import { createPhotoStore, photoFileOfUrl, type PhotoStore } from './photo-store';

export interface PhotoRoutesOptions {
  db: Db;
  /** Where photos are kept (`${DATA_DIR}/photos` in embedded mode). */
  photoDir: string;
  routeOptions: CallRouteOptions;
}

const CACHE = 'public, max-age=31536000, immutable';
const TOO_LARGE = `The photo is larger than ${PROFILE_PHOTO_MAX_BYTES / 1024 / 1024} MB`;

/** What @fastify/multipart and busboy throw, in the shop's words. */
function multipartRefusal(error: unknown): ShopError {
  const code =
    typeof error === 'object' && error !== null && 'code' in error ? String(error.code) : '';
  switch (code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return photoRefused('too_large', TOO_LARGE);
    case 'FST_FILES_LIMIT':
      return photoRefused('one_only', 'Send one photo at a time');
    case 'FST_PARTS_LIMIT':
    case 'FST_FIELDS_LIMIT':
      return new ShopError('bad_request', 'The upload has too many parts: send only the photo');
    default:
      // Malformed framing, a body cut short, a part header too long, a prototype field name.
      return new ShopError('bad_request', 'The upload is not valid multipart/form-data');
  }
}

/** The one photo of the request, read into memory; refuses anything but exactly one. */
async function readUpload(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart()) {
    throw new ShopError(
      'unsupported_media_type',
      `Send the photo as multipart/form-data in the field "${PROFILE_PHOTO_FIELD}"`,
    );
  }
  const declared = Number(request.headers['content-length'] ?? 0);
  if (declared > PROFILE_PHOTO_MAX_BYTES + PROFILE_PHOTO_MULTIPART_OVERHEAD_BYTES) {
    throw photoRefused('too_large', TOO_LARGE);
  }
  let photo: Buffer | null = null;
  let files = 0;
  try {
    for await (const part of request.parts()) {
      if (part.type !== 'file') continue; // stray text fields are ignored
      files += 1;
      if (files > 1) throw photoRefused('one_only', 'Send one photo at a time');
      if (part.fieldname !== PROFILE_PHOTO_FIELD) {
        throw photoRefused('missing', `Send the photo in the field "${PROFILE_PHOTO_FIELD}"`);
      }
      photo = await part.toBuffer();
    }
  } catch (error) {
    if (error instanceof ShopError) throw error;
    throw multipartRefusal(error);
  }
  if (photo === null || photo.length === 0) {
    throw photoRefused('missing', `Send the photo in the field "${PROFILE_PHOTO_FIELD}"`);
  }
  return photo;
}

/** Points the user at the new photo and answers the old one's URL (read under the row lock). */
async function replacePhoto(
  db: Db,
  userId: number,
  url: string,
): Promise<{ user: typeof users.$inferSelect; previous: string | null }> {
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select({ photo: users.photo })
      .from(users)
      .where(eq(users.id, userId))
      .for('update');
    if (!before) throw notFound('User not found');
    const [user] = await tx
      .update(users)
      .set({ photo: url })
      .where(eq(users.id, userId))
      .returning();
    if (!user) throw notFound('User not found');
    return { user, previous: before.photo };
  });
}

async function storePhoto(
  store: PhotoStore,
  db: Db,
  userId: number,
  data: Buffer,
  log: FastifyRequest['log'],
) {
  const saved = await store.save(data);
  let replaced: Awaited<ReturnType<typeof replacePhoto>>;
  try {
    replaced = await replacePhoto(db, userId, saved.url);
  } catch (error) {
    // The row still points at the old photo: the new file must not stay behind.
    await store.remove(saved.name);
    throw error;
  }
  const previous = photoFileOfUrl(replaced.previous);
  if (previous !== null && previous !== saved.name) {
    // The row no longer names it, so a failure here only leaves an unreachable file.
    await store.remove(previous).catch((error: unknown) => {
      log.warn({ err: error }, 'could not delete the previous profile photo');
    });
  }
  return replaced.user;
}

export function registerPhotoRoutes(app: FastifyInstance, options: PhotoRoutesOptions): void {
  const store = createPhotoStore(options.photoDir);

  // In its own scope: the multipart parser exists for this route only, so every other route keeps
  // refusing multipart bodies with 415.
  void app.register(async (scope) => {
    await scope.register(multipart, {
      throwFileSizeLimit: true,
      limits: {
        fileSize: PROFILE_PHOTO_MAX_BYTES,
        files: 1,
        fields: 8,
        fieldSize: 1024,
        parts: 10,
        headerPairs: 20,
      },
    });
    registerCall(scope, CALLS.uploadPhoto, options.routeOptions, async ({ user, request }) => {
      const upload = await readUpload(request);
      const photo = await processPhoto(upload);
      return toUser(await storePhoto(store, options.db, user.id, photo.data, request.log));
    });
  });

  app.get<{ Params: { file: string } }>('/media/photos/:file', async (request, reply) => {
    const file = await store.open(request.params.file);
    if (!file) throw notFound('No such image');
    // A name is never reused for other bytes (a new photo gets a new name), hence immutable.
    return reply
      .header('content-type', 'image/webp')
      .header('content-length', String(file.size))
      .header('cache-control', CACHE)
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', "default-src 'none'")
      .send(file.stream);
  });
}
