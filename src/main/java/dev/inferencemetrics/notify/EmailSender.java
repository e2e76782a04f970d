package dev.inferencemetrics.notify;

import org.springframework.mail.MailException;
import org.springframework.mail.SimpleMailMessage;
import org.springframework.mail.javamail.JavaMailSender;

/**
 * Sends a notice as a plain-text e-mail through an SMTP server. The server's timeouts come from the mail settings
 * ({@code spring.mail.properties.mail.smtp.*timeout}), so a slow server fails the attempt instead of holding it.
 */
public final class EmailSender implements ChannelSender {

    private final JavaMailSender mail;
    private final String from;

    public EmailSender(JavaMailSender mail, String from) {
        this.mail = mail;
        this.from = from;
    }

    @Override
    public void send(Channel channel, AlertNotice notice, String payload) throws DeliveryException {
        SimpleMailMessage message = new SimpleMailMessage();
        message.setFrom(from);
        message.setTo(channel.target().strip());
        message.setSubject(notice.headline());
        message.setText(text(notice));
        try {
            mail.send(message);
        } catch (MailException e) {
            throw new DeliveryException("the SMTP server refused or did not answer: " + e.getMessage());
        }
    }

    private static String text(AlertNotice notice) {
        return """
                %s

                Deployment: %s (%s), tenant %s
                Rule: %s — %s (%s)
                Value: %.3f (threshold %s, peak %.3f)
                Fired at: %s%s

                %s
                """.formatted(
                        notice.headline(),
                        notice.deploymentName(),
                        notice.deployment(),
                        notice.tenant(),
                        notice.rule(),
                        notice.condition(),
                        notice.severity(),
                        notice.value(),
                        notice.threshold(),
                        notice.peakValue(),
                        notice.firedAt(),
                        notice.resolvedAt() == null ? "" : "\nResolved at: " + notice.resolvedAt(),
                        notice.link());
    }
}
