/**
 * Object URLs of local photo blobs, one per photo id for as long as that photo is shown. Each replica read
 * gives a new Blob for the same stored photo: a URL made per read changed the <img>'s address at every live
 * answer (an upload's progress writes one each time), and an image still loading started over, so a photo
 * taken offline could stay blank while its upload was retried (e2e property-detail).
 * URLs are made during the render (`urlOf`) and revoked only after a commit (`keepOnly`), since React may
 * throw a render away while the one on screen still shows them.
 */
export class ObjectUrls {
  private readonly made = new Map<string, string>();

  /** The URL shown for photo `id`: the one made at its first read, whatever Blob this read gave. */
  urlOf(id: string, blob: Blob): string {
    let url = this.made.get(id);
    if (url === undefined) {
      url = URL.createObjectURL(blob);
      this.made.set(id, url);
    }
    return url;
  }

  /** Revokes the URLs of the photos no longer shown (after the commit that dropped them). */
  keepOnly(shown: ReadonlySet<string>): void {
    for (const [id, url] of this.made) {
      if (shown.has(id)) continue;
      URL.revokeObjectURL(url);
      this.made.delete(id);
    }
  }
}
