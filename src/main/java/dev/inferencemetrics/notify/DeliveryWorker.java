package dev.inferencemetrics.notify;

import dev.inferencemetrics.tenancy.TenantScope;
import dev.inferencemetrics.tenancy.TenantTransactions;
import java.time.Clock;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.mail.javamail.JavaMailSender;
import org.springframework.stereotype.Component;
import tools.jackson.databind.json.JsonMapper;

/**
 * Sends the deliveries that are due, outside any transaction, and records each attempt: delivered, or failed with
 * its reason and retried after a growing wait, and given up after the last attempt. Only the instance that holds the
 * evaluator's lease sends, so two instances never send the same message.
 */
@Component
@EnableConfigurationProperties(NotificationProperties.class)
public class DeliveryWorker {

    private static final int BATCH = 100;

    private final DeliveryStore deliveries;
    private final ChannelStore channels;
    private final TenantTransactions transactions;
    private final HttpChannelSender http;
    private final Optional<EmailSender> email;
    private final NotificationProperties properties;
    private final JsonMapper json;
    private final Clock clock;

    @Autowired
    DeliveryWorker(
            DeliveryStore deliveries,
            ChannelStore channels,
            TenantTransactions transactions,
            ObjectProvider<JavaMailSender> mail,
            NotificationProperties properties,
            JsonMapper json,
            Clock clock) {
        this(
                deliveries,
                channels,
                transactions,
                Optional.ofNullable(mail.getIfAvailable())
                        .map(sender -> new EmailSender(sender, properties.mailFrom())),
                properties,
                json,
                clock);
    }

    private DeliveryWorker(
            DeliveryStore deliveries,
            ChannelStore channels,
            TenantTransactions transactions,
            Optional<EmailSender> email,
            NotificationProperties properties,
            JsonMapper json,
            Clock clock) {
        this.deliveries = deliveries;
        this.channels = channels;
        this.transactions = transactions;
        this.http = new HttpChannelSender(json, properties.allowPrivateAddresses());
        this.email = email;
        this.properties = properties;
        this.json = json;
        this.clock = clock;
    }

    /** The same worker sending e-mail through another server and telling time by another clock. */
    public DeliveryWorker with(JavaMailSender mail, Clock otherClock) {
        return new DeliveryWorker(
                deliveries,
                channels,
                transactions,
                Optional.of(new EmailSender(mail, properties.mailFrom())),
                properties,
                json,
                otherClock);
    }

    /** Sends what is due now, within the send budget; returns how many were delivered. */
    public int deliverDue() {
        Instant deadline = clock.instant().plus(properties.sendBudget());
        TenantScope all = TenantScope.allTenants();
        List<Delivery> due = transactions.call(all, () -> deliveries.due(clock.instant(), BATCH));
        int delivered = 0;
        for (Delivery delivery : due) {
            if (clock.instant().isAfter(deadline)) {
                break;
            }
            Optional<String> error = attempt(delivery);
            Instant now = clock.instant();
            if (error.isEmpty()) {
                transactions.run(all, () -> deliveries.delivered(delivery, now));
                delivered++;
            } else {
                int attempts = delivery.attempts() + 1;
                Instant retryAt = attempts >= properties.maxAttempts() ? null : now.plus(properties.backoff(attempts));
                transactions.run(all, () -> deliveries.failed(delivery, error.get(), retryAt, now));
            }
        }
        return delivered;
    }

    /** Sends one message now; the error that stopped it, if any. Also what the channels' test button uses. */
    Optional<String> send(Channel channel, AlertNotice notice, String payload) {
        try {
            switch (channel.kind()) {
                case WEBHOOK, SLACK -> http.send(channel, notice, payload);
                case EMAIL ->
                    email.orElseThrow(() -> new DeliveryException("no SMTP server is configured (spring.mail.host)"))
                            .send(channel, notice, payload);
            }
            return Optional.empty();
        } catch (DeliveryException e) {
            return Optional.of(e.getMessage());
        } catch (RuntimeException e) {
            return Optional.of("could not send: " + e);
        }
    }

    private Optional<String> attempt(Delivery delivery) {
        Optional<Channel> channel =
                transactions.call(TenantScope.allTenants(), () -> channels.find(delivery.channelId()));
        if (channel.isEmpty() || !channel.get().enabled()) {
            return Optional.of("the channel is switched off or removed");
        }
        return send(channel.get(), json.readValue(delivery.payload(), AlertNotice.class), delivery.payload());
    }
}
