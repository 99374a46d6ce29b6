#pragma once
// The plan of a GPU correlation run: the upper triangle cut into bands of rows, band b running
// on the device while the host takes in band b - 1, on one GPU or dealt over several.
#include "common/device_memory.hpp"
#include "common/gpu_context.hpp"
#include "common/run_trace.hpp"
#include "correlate/device_rows.hpp"

namespace pathscope::gpu {

// One GPU. Counting, a band is about 2^41 pairs; keeping survivors, a band is sized from the
// survivor share of the bands before it so that it fills about half a slot.
void run_bands(const DeviceRows& rows, const CorrelateOptions& options, PairSink* sink, const JobContext& job,
               CorrelateResult& result, const Stream& stream, const Stream& copy_stream, RunTrace& trace);

// --gpus: about 8 bands a rank, cut to equal costs (band_plan.hpp), dealt round-robin
// (band_dealing.hpp); each rank runs the same band loop on its own device and context, with
// its own slots. `loading`: the context the rows were loaded on.
void run_dealt_bands(const GpuContext& loading, const DeviceRows& rows, const CorrelateOptions& options, PairSink* sink,
                     const JobContext& job, CorrelateResult& result);

}  // namespace pathscope::gpu
