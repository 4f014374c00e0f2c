import type { FormEvent } from "react";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { Textarea } from "~/components/ui/textarea";
import { showToast } from "~/lib/toast";

/** The contact form: browser-required fields; nothing is sent yet (docs/product.md#validation). */
export function ContactForm() {
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void showToast("Message Sent!", {
      description: "Thanks for reaching out! We'll get back to you within 24 hours.",
    });
    event.currentTarget.reset();
  };
  return (
    <form onSubmit={onSubmit} className="space-y-5" aria-labelledby="contact-form-heading">
      <h2 id="contact-form-heading" className="text-2xl font-bold tracking-tight">
        Send us a message
      </h2>
      <div className="grid gap-5 sm:grid-cols-2">
        <div className="space-y-2">
          <Label htmlFor="contact-name">Name</Label>
          <Input id="contact-name" name="name" required autoComplete="name" />
        </div>
        <div className="space-y-2">
          <Label htmlFor="contact-email">Email</Label>
          <Input id="contact-email" name="email" type="email" required autoComplete="email" />
        </div>
      </div>
      <div className="space-y-2">
        <Label htmlFor="contact-subject">Subject</Label>
        <Input id="contact-subject" name="subject" required />
      </div>
      <div className="space-y-2">
        <Label htmlFor="contact-message">Message</Label>
        <Textarea id="contact-message" name="message" required rows={6} />
      </div>
      <Button type="submit" size="lg">
        Send Message
      </Button>
    </form>
  );
}
