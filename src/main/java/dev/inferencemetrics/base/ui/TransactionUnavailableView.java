package dev.inferencemetrics.base.ui;

import com.vaadin.flow.server.auth.AnonymousAllowed;
import org.springframework.transaction.CannotCreateTransactionException;

/** Shown when a page's service could not even begin its transaction because no connection was to be had. */
@AnonymousAllowed
public class TransactionUnavailableView extends DatabaseUnavailable<CannotCreateTransactionException> {}
