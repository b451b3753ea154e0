// PLACEHOLDER (issue 7 skeleton): replaced by the notifications feature (the bell with the unread
// count that opens the notification centre; it sits in the sidebar under the brand).
export function NotificationBell() {
  return null;
}
