/** IP addresses and networks: what range an address lies in, and whether it is public. */
@NullMarked
package dev.inferencemetrics.base.net;

import org.jspecify.annotations.NullMarked;
