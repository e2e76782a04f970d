package dev.inferencemetrics.testing;

import com.vaadin.flow.component.grid.Grid;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;

/**
 * What a grid's web component asks the server for when it is first drawn: every row when the grid shows all rows,
 * else a screenful. Browserless tests skip that request, and with it the failures a browser meets (Vaadin refuses
 * a request over ten pages), so a test that opens a page at fleet scale makes it here.
 */
public final class BrowserRequests {

    private BrowserRequests() {}

    public static void firstDraw(Grid<?> grid) {
        int length = grid.isAllRowsVisible()
                ? (int) grid.getGenericDataView().getItems().count()
                : grid.getPageSize();
        try {
            // the grid's handler of the component's request, which Flow calls from the browser
            Method request = Grid.class.getDeclaredMethod("setViewportRange", int.class, int.class);
            request.setAccessible(true);
            request.invoke(grid, 0, length);
        } catch (InvocationTargetException e) {
            if (e.getCause() instanceof RuntimeException failure) {
                throw failure;
            }
            throw new IllegalStateException(e.getCause());
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("Vaadin's grid no longer takes its viewport request this way", e);
        }
    }
}
