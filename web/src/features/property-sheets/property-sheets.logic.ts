/** The WhatsApp share link (opens the app on a phone, WhatsApp Web on a computer) with the text and URL. */
export function whatsappShareUrl(text: string, url: string): string {
  return `https://wa.me/?text=${encodeURIComponent(`${text}\n${url}`)}`;
}

/** A link's creation date as the list shows it: '27/11/2026, 09:30' (Lisbon time). */
export function linkDate(iso: string): string {
  return new Intl.DateTimeFormat('pt-PT', {
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZone: 'Europe/Lisbon',
  }).format(new Date(iso));
}
