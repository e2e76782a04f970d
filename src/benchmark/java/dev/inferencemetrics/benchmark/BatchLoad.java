package dev.inferencemetrics.benchmark;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;

/** Sends batches from several workers at once, each taking the next unsent batch, and times the whole run. */
final class BatchLoad {

    /** One client: a connection of its own that sends batch after batch. */
    interface Worker extends AutoCloseable {
        void send(int batch) throws Exception;

        @Override
        default void close() throws Exception {}
    }

    interface WorkerFactory {
        Worker open() throws Exception;
    }

    /** Wall time of the run and the latency of each batch. */
    record Timing(Duration elapsed, double[] batchMillis) {

        double perSecond(long items) {
            return items / (elapsed.toNanos() / 1e9);
        }

        double batchMillisAt(double quantile) {
            double[] sorted = batchMillis.clone();
            Arrays.sort(sorted);
            return sorted[(int) Math.floor(quantile * (sorted.length - 1))];
        }
    }

    private BatchLoad() {}

    static Timing run(int batches, int workers, WorkerFactory factory) throws Exception {
        AtomicInteger next = new AtomicInteger();
        double[] batchMillis = new double[batches];
        List<Worker> opened = new ArrayList<>();
        try {
            for (int i = 0; i < workers; i++) {
                opened.add(factory.open());
            }
            ExecutorService pool = Executors.newFixedThreadPool(workers);
            try {
                long start = System.nanoTime();
                List<Future<?>> running = new ArrayList<>();
                for (Worker worker : opened) {
                    running.add(pool.submit(() -> {
                        for (int b = next.getAndIncrement(); b < batches; b = next.getAndIncrement()) {
                            long sent = System.nanoTime();
                            worker.send(b);
                            batchMillis[b] = (System.nanoTime() - sent) / 1e6;
                        }
                        return null;
                    }));
                }
                for (Future<?> worker : running) {
                    await(worker);
                }
                return new Timing(Duration.ofNanos(System.nanoTime() - start), batchMillis);
            } finally {
                pool.shutdownNow();
            }
        } finally {
            for (Worker worker : opened) {
                worker.close();
            }
        }
    }

    private static void await(Future<?> worker) throws Exception {
        try {
            worker.get();
        } catch (ExecutionException e) {
            throw e.getCause() instanceof Exception cause ? cause : e;
        }
    }
}
