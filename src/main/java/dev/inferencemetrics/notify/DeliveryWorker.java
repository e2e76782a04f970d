package dev.inferencemetrics.notify;

import dev.inferencemetrics.tenancy.TenantScope;
import dev.inferencemetrics.tenancy.TenantTransactions;
import java.time.Clock;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.BooleanSupplier;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.mail.javamail.JavaMailSender;
import org.springframework.stereotype.Component;
import tools.jackson.databind.json.JsonMapper;

/**
 * Sends the deliveries that are due, apart from the evaluation that recorded them and outside any transaction, and
 * records each attempt: delivered, or failed with its reason and retried after a growing wait, and given up after the
 * last attempt. Every send has an overall deadline, and the sends run in {@link DeliveryLanes} shared fairly between
 * tenants. The recorded deliveries are the outbox: a message queued here and lost with the instance is still due in
 * the database and sent on a later turn. Only the instance that holds the evaluator's lease sends, so two instances
 * never send the same message.
 */
@Component
@EnableConfigurationProperties(NotificationProperties.class)
public class DeliveryWorker {

    private static final int BATCH = 200;
    private static final int BATCH_PER_TENANT = 20;

    private final DeliveryStore deliveries;
    private final ChannelStore channels;
    private final TenantTransactions transactions;
    private final HttpChannelSender http;
    private final Optional<EmailSender> email;
    private final NotificationProperties properties;
    private final JsonMapper json;
    private final Clock clock;
    private final DeliveryLanes lanes;
    /** Deliveries queued or being sent on this instance, so a later turn does not queue them twice. */
    private final Set<Long> underway;

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
                clock,
                new DeliveryLanes(properties.concurrentSends(), properties.concurrentSendsPerTenant()),
                ConcurrentHashMap.newKeySet());
    }

    private DeliveryWorker(
            DeliveryStore deliveries,
            ChannelStore channels,
            TenantTransactions transactions,
            Optional<EmailSender> email,
            NotificationProperties properties,
            JsonMapper json,
            Clock clock,
            DeliveryLanes lanes,
            Set<Long> underway) {
        this.deliveries = deliveries;
        this.channels = channels;
        this.transactions = transactions;
        this.http = new HttpChannelSender(json, properties);
        this.email = email;
        this.properties = properties;
        this.json = json;
        this.clock = clock;
        this.lanes = lanes;
        this.underway = underway;
    }

    /** The same worker, on the same lanes, sending e-mail through another server and telling time by another clock. */
    public DeliveryWorker with(JavaMailSender mail, Clock otherClock) {
        return new DeliveryWorker(
                deliveries,
                channels,
                transactions,
                Optional.of(new EmailSender(mail, properties.mailFrom())),
                properties,
                json,
                otherClock,
                lanes,
                underway);
    }

    /**
     * Queues what is due now and returns at once; each send goes ahead only while {@code stillSending} holds (the
     * lease). The future completes with how many of these were delivered, once all were attempted.
     */
    public CompletableFuture<Integer> dispatchDue(BooleanSupplier stillSending) {
        List<Delivery> due = transactions.call(
                TenantScope.allTenants(), () -> deliveries.due(clock.instant(), BATCH_PER_TENANT, BATCH));
        List<CompletableFuture<Boolean>> sent = due.stream()
                .filter(delivery -> underway.add(delivery.id()))
                .map(delivery -> {
                    CompletableFuture<Boolean> done = new CompletableFuture<>();
                    lanes.submit(delivery.tenantId(), () -> {
                        try {
                            done.complete(stillSending.getAsBoolean() && deliver(delivery));
                        } finally {
                            underway.remove(delivery.id());
                            done.complete(false);
                        }
                    });
                    return done;
                })
                .toList();
        return CompletableFuture.allOf(sent.toArray(CompletableFuture[]::new)).thenApply(all ->
                (int) sent.stream().filter(CompletableFuture::join).count());
    }

    /** Sends what is due now and waits until every one was attempted; returns how many were delivered. */
    public int deliverDue() {
        return dispatchDue(() -> true).join();
    }

    /** Completes once no send is queued or under way on this instance. */
    public CompletableFuture<Void> idle() {
        return lanes.idle();
    }

    /** Sends one message now; the error that stopped it, if any. Also what the channels' test button uses. */
    Optional<String> send(Channel channel, AlertNotice notice, String payload) {
        try {
            switch (channel.kind()) {
                case WEBHOOK, SLACK -> http.send(channel, notice, payload);
                case EMAIL -> sendMail(channel, notice, payload);
            }
            return Optional.empty();
        } catch (DeliveryException e) {
            return Optional.of(e.getMessage());
        } catch (RuntimeException e) {
            return Optional.of("could not send: " + e);
        }
    }

    /** Sends one delivery and records how it went; whether it was delivered. */
    private boolean deliver(Delivery delivery) {
        Optional<String> error = attempt(delivery);
        Instant now = clock.instant();
        TenantScope all = TenantScope.allTenants();
        if (error.isEmpty()) {
            transactions.run(all, () -> deliveries.delivered(delivery, now));
            return true;
        }
        int attempts = delivery.attempts() + 1;
        Instant retryAt = attempts >= properties.maxAttempts() ? null : now.plus(properties.backoff(attempts));
        transactions.run(all, () -> deliveries.failed(delivery, error.get(), retryAt, now));
        return false;
    }

    /**
     * JavaMail bounds each step of the conversation but not the whole of it, so the whole is waited for up to the
     * deadline; a server that drags on past it has its thread run out on the per-step timeouts alone.
     */
    private void sendMail(Channel channel, AlertNotice notice, String payload) throws DeliveryException {
        EmailSender sender =
                email.orElseThrow(() -> new DeliveryException("no SMTP server is configured (spring.mail.host)"));
        CompletableFuture<Optional<String>> sending = new CompletableFuture<>();
        Thread.ofVirtual().name("alert-mail").start(() -> {
            try {
                sender.send(channel, notice, payload);
                sending.complete(Optional.empty());
            } catch (DeliveryException e) {
                sending.complete(Optional.of(e.getMessage()));
            } catch (RuntimeException e) {
                sending.completeExceptionally(e);
            }
        });
        Optional<String> error;
        try {
            error = sending.get(properties.sendDeadline().toMillis(), TimeUnit.MILLISECONDS);
        } catch (TimeoutException e) {
            throw new DeliveryException(
                    "the SMTP server did not take the message within the " + properties.deadlineText() + " deadline");
        } catch (ExecutionException e) {
            throw new DeliveryException("could not send: " + e.getCause());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new DeliveryException("interrupted while sending");
        }
        if (error.isPresent()) {
            throw new DeliveryException(error.get());
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
