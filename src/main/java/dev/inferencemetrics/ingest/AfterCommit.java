package dev.inferencemetrics.ingest;

import org.springframework.transaction.support.TransactionSynchronization;
import org.springframework.transaction.support.TransactionSynchronizationManager;

/** Work that must see only what has committed: what an instance remembers of the database. */
final class AfterCommit {

    private AfterCommit() {}

    /** Runs {@code work} once the caller's transaction has committed; never if it rolls back or none is active. */
    static void run(Runnable work) {
        if (!TransactionSynchronizationManager.isSynchronizationActive()) {
            return;
        }
        TransactionSynchronizationManager.registerSynchronization(new TransactionSynchronization() {
            @Override
            public void afterCommit() {
                work.run();
            }
        });
    }
}
