const cycleDelays = ["0s", "4s", "8s"];

/**
 * The shop's three messages (its settings): side by side from 768 px, one at a time (cycling) on
 * phones.
 */
export function AnnouncementBar({ messages }: { messages: string[] }) {
  return (
    <section aria-label="Announcements" className="bg-brand-strong text-white">
      <ul className="mx-auto hidden h-9 max-w-7xl items-center justify-center gap-8 px-6 text-[13px] font-medium md:flex">
        {messages.map((message) => (
          <li key={message} className="flex items-center gap-8">
            <span>{message}</span>
          </li>
        ))}
      </ul>
      <ul className="relative h-9 overflow-hidden text-center text-[13px] font-medium md:hidden">
        {messages.map((message, index) => (
          <li
            key={message}
            className="absolute inset-0 flex items-center justify-center px-4 opacity-0 motion-reduce:hidden motion-reduce:first:flex motion-reduce:first:opacity-100"
            style={{
              animation:
                "announcement-slide 12s linear infinite, announcement-show 12s step-end infinite",
              animationDelay: cycleDelays[index],
            }}
          >
            {message}
          </li>
        ))}
      </ul>
    </section>
  );
}
