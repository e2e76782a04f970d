package dev.inferencemetrics.notify;

import java.util.Map;
import org.springframework.mail.MailException;
import org.springframework.mail.SimpleMailMessage;
import org.springframework.mail.javamail.JavaMailSender;
import org.springframework.mail.javamail.JavaMailSenderImpl;

/**
 * Sends a notice as a plain-text e-mail through an SMTP server. The server's timeouts come from the mail settings
 * ({@code spring.mail.properties.mail.smtp.*timeout}), so a slow server fails the attempt instead of holding it; where
 * the settings name none, JavaMail would wait forever, so 5 s to connect and 10 s per answer apply.
 */
public final class EmailSender implements ChannelSender {

    private final JavaMailSender mail;
    private final String from;

    static final Map<String, String> TIMEOUTS = Map.of(
            "mail.smtp.connectiontimeout", "5000",
            "mail.smtp.timeout", "10000",
            "mail.smtp.writetimeout", "10000");

    public EmailSender(JavaMailSender mail, String from) {
        if (mail instanceof JavaMailSenderImpl configurable) {
            TIMEOUTS.forEach(configurable.getJavaMailProperties()::putIfAbsent);
        }
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
