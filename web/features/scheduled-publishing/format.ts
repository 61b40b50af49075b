/** "Fri, Jan 8, 2027, 9:00 AM GMT+1": a schedule's time as the writer's zone reads it, with the zone named. */
export function formatScheduleTime(iso: string, timeZone: string): string {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return '';
  const options: Intl.DateTimeFormatOptions = { weekday: 'short', year: 'numeric', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit', timeZoneName: 'short' };
  try {
    return new Intl.DateTimeFormat(undefined, { ...options, timeZone }).format(at);
  } catch {
    // A zone this browser does not know: its own.
    return new Intl.DateTimeFormat(undefined, options).format(at);
  }
}
