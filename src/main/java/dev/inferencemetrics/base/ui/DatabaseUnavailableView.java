package dev.inferencemetrics.base.ui;

import com.vaadin.flow.server.auth.AnonymousAllowed;
import org.springframework.dao.DataAccessResourceFailureException;

/** Shown when a page could not read from the database: no connection, or it broke. */
@AnonymousAllowed
public class DatabaseUnavailableView extends DatabaseUnavailable<DataAccessResourceFailureException> {}
