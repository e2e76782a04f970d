package dev.inferencemetrics.base.ui;

import com.vaadin.flow.server.ServiceInitEvent;
import com.vaadin.flow.server.VaadinServiceInitListener;
import org.springframework.stereotype.Component;

/** Gives every UI session the one handler that tells unusable values apart from failures of ours. */
@Component
class PageErrorSetup implements VaadinServiceInitListener {

    @Override
    public void serviceInit(ServiceInitEvent event) {
        event.getSource().addSessionInitListener(init -> init.getSession().setErrorHandler(new PageErrorHandler()));
    }
}
