package dev.inferencemetrics.ingest;

import java.util.List;
import org.springframework.transaction.support.TransactionSynchronization;
import org.springframework.transaction.support.TransactionSynchronizationManager;

/** A transaction's synchronizations without a database, for tests of what is done once it commits. */
final class TransactionOutcome {

    private TransactionOutcome() {}

    static void begin() {
        TransactionSynchronizationManager.initSynchronization();
    }

    /** Ends the transaction: its synchronizations hear of the commit (or of the rollback), and a new one begins. */
    static void complete(boolean committed) {
        List<TransactionSynchronization> synchronizations = TransactionSynchronizationManager.getSynchronizations();
        if (committed) {
            synchronizations.forEach(TransactionSynchronization::afterCommit);
        }
        synchronizations.forEach(s -> s.afterCompletion(
                committed
                        ? TransactionSynchronization.STATUS_COMMITTED
                        : TransactionSynchronization.STATUS_ROLLED_BACK));
        TransactionSynchronizationManager.clearSynchronization();
        begin();
    }

    static void end() {
        TransactionSynchronizationManager.clearSynchronization();
    }
}
