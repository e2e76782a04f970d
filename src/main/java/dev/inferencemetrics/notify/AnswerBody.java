package dev.inferencemetrics.notify;

import java.io.IOException;
import java.net.http.HttpResponse;
import java.nio.ByteBuffer;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Flow;
import org.jspecify.annotations.Nullable;

/**
 * A receiver's answer body, read and dropped up to {@code maxBytes}: a longer one fails the send, so a receiver cannot
 * keep a sender busy with an endless answer any more than with a slow one.
 */
final class AnswerBody implements HttpResponse.BodySubscriber<Void> {

    private final long maxBytes;
    private final CompletableFuture<Void> read = new CompletableFuture<>();
    private long received;
    private Flow.@Nullable Subscription subscription;

    private AnswerBody(long maxBytes) {
        this.maxBytes = maxBytes;
    }

    static HttpResponse.BodyHandler<Void> droppedUpTo(long maxBytes) {
        return info -> new AnswerBody(maxBytes);
    }

    @Override
    public CompletionStage<Void> getBody() {
        return read;
    }

    @Override
    public void onSubscribe(Flow.Subscription subscription) {
        this.subscription = subscription;
        subscription.request(Long.MAX_VALUE);
    }

    @Override
    public void onNext(List<ByteBuffer> buffers) {
        received += buffers.stream().mapToLong(ByteBuffer::remaining).sum();
        if (received > maxBytes && subscription != null) {
            subscription.cancel();
            read.completeExceptionally(new AnswerTooLong(maxBytes));
        }
    }

    @Override
    public void onError(Throwable failure) {
        read.completeExceptionally(failure);
    }

    @Override
    public void onComplete() {
        read.complete(null);
    }

    /** The answer went on past the size a receiver needs to say it accepted the message. */
    static final class AnswerTooLong extends IOException {
        AnswerTooLong(long maxBytes) {
            super("the answer is longer than " + maxBytes + " bytes");
        }
    }
}
